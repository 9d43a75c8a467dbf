import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { WaitlistDialog } from './waitlist-dialog.tsx'

/** A "Join the Waitlist" button that opens the waitlist dialog (docs/product.md#visitor-forms). */
export function JoinWaitlistButton({
  variant,
  size,
  shape,
  className,
  children = 'Join the Waitlist',
}: Pick<ButtonProps, 'variant' | 'size' | 'shape' | 'className'> & { children?: ReactNode }) {
  return (
    <WaitlistDialog>
      <Button type="button" variant={variant} size={size} shape={shape} className={className}>
        {children}
      </Button>
    </WaitlistDialog>
  )
}
