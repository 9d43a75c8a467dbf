import { useState } from 'react'
import { useJoinWaitlist, validateWaitlistInput } from '../api/join-waitlist.ts'
import { useEmailSignUp } from '../hooks/use-email-sign-up.ts'
import { EmailSignUpForm } from './email-sign-up-form.tsx'

/**
 * An e-mail sign-up to the waitlist (optionally for a ZIP we do not serve yet). Used by the
 * waitlist dialog, the product page's SUBSCRIBE dialog and the notify-me form. With no
 * onSuccess it shows its own thank-you in its place.
 */
export function WaitlistForm({
  zipCode,
  submitLabel = 'Join the Waitlist',
  onSuccess,
}: {
  zipCode?: string
  submitLabel?: string
  onSuccess?: () => void
}) {
  const [joined, setJoined] = useState(false)
  const signUp = useEmailSignUp({
    toInput: (email) => (zipCode === undefined ? { email } : { email, zipCode }),
    validate: validateWaitlistInput,
    mutation: useJoinWaitlist(),
    onSuccess: () => (onSuccess ? onSuccess() : setJoined(true)),
  })
  if (joined) {
    return (
      <p role="status" className="rounded-md bg-accent px-4 py-3 text-accent-foreground">
        You&apos;re on the waitlist! We&apos;ll e-mail you as soon as deliveries start.
      </p>
    )
  }
  return (
    <EmailSignUpForm
      signUp={signUp}
      label="Email address"
      submitLabel={submitLabel}
      pendingLabel="Joining..."
    />
  )
}
