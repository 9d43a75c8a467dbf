import { useEffect, useState } from 'react'
import { useSubscribeNewsletter, validateNewsletterInput } from '../api/subscribe-newsletter.ts'
import { useEmailSignUp } from '../hooks/use-email-sign-up.ts'
import { EmailSignUpForm } from './email-sign-up-form.tsx'

/**
 * How long the button thanks the visitor before it reads "Subscribe" again
 * (docs/product.md#visitor-forms).
 */
export const NEWSLETTER_THANKS_MS = 3000

/**
 * The footer's newsletter sign-up (docs/product.md#visitor-forms), drawn for the dark green footer.
 */
export function NewsletterForm() {
  /** how many sign-ups this visit; the thanks shows while it is above 0 */
  const [thanksRound, setThanksRound] = useState(0)
  const showThanks = thanksRound > 0
  // the 3 s count from when the thanks is on screen (after the render, which a busy phone can
  // delay), and a second sign-up within them starts them again
  useEffect(() => {
    if (thanksRound === 0) return
    const timer = setTimeout(() => setThanksRound(0), NEWSLETTER_THANKS_MS)
    return () => clearTimeout(timer)
  }, [thanksRound])

  const signUp = useEmailSignUp({
    toInput: (email) => ({ email }),
    validate: validateNewsletterInput,
    mutation: useSubscribeNewsletter(),
    onSuccess: () => setThanksRound((round) => round + 1),
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
