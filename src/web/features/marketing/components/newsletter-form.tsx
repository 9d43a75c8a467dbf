import { useEffect, useRef, useState } from 'react'
import { useSubscribeNewsletter, validateNewsletterInput } from '../api/subscribe-newsletter.ts'
import { useEmailSignUp } from '../hooks/use-email-sign-up.ts'
import { EmailSignUpForm } from './email-sign-up-form.tsx'

/** How long the button thanks the visitor before it reads "Subscribe" again (spec §2). */
export const NEWSLETTER_THANKS_MS = 3000

/** The footer's newsletter sign-up (spec §2), drawn for the dark green footer. */
export function NewsletterForm() {
  const [showThanks, setShowThanks] = useState(false)
  const thanksTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(thanksTimer.current), [])

  const signUp = useEmailSignUp({
    toInput: (email) => ({ email }),
    validate: validateNewsletterInput,
    mutation: useSubscribeNewsletter(),
    onSuccess: () => {
      // a second sign-up within the 3 s starts the 3 s again
      clearTimeout(thanksTimer.current)
      setShowThanks(true)
      thanksTimer.current = setTimeout(() => setShowThanks(false), NEWSLETTER_THANKS_MS)
    },
  })

  return (
    <>
      <EmailSignUpForm
        signUp={signUp}
        label="Email address for our newsletter"
        hideLabel
        tone="dark"
        submitLabel={showThanks ? 'Thanks for signing up!' : 'Subscribe'}
        pendingLabel="Subscribing..."
      />
      {/* the button's new text is not announced by itself */}
      <p role="status" className="sr-only">
        {showThanks ? 'You are subscribed. Look out for our next letter.' : ''}
      </p>
    </>
  )
}
