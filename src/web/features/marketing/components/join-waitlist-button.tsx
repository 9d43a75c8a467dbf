import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { WaitlistDialog } from './waitlist-dialog.tsx'

/** A "Join the Waitlist" button that opens the waitlist dialog (docs/product.md#visitor-forms). */
export function JoinWaitlistButton({
  variant,
  size,
  className,
  children = 'Join the Waitlist',
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> & { children?: ReactNode }) {
  return (
    <WaitlistDialog>
      <Button type="button" variant={variant} size={size} className={className}>
        {children}
      </Button>
    </WaitlistDialog>
  )
}
