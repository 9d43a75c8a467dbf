import type { ReactNode } from 'react'
import type { ButtonProps } from '#web/components/ui/button.tsx'

/** A "Join the Waitlist" button that opens the waitlist dialog (spec §2 landing page). */
export function JoinWaitlistButton(
  _props: Pick<ButtonProps, 'variant' | 'size' | 'className'> & { children?: ReactNode },
) {
  return null
}
