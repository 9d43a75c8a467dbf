/**
 * An e-mail sign-up to the waitlist (optionally for a ZIP we do not serve yet). Used by the
 * waitlist dialog, the product page's SUBSCRIBE dialog and the notify-me form.
 */
export function WaitlistForm(_props: {
  zipCode?: string
  submitLabel?: string
  onSuccess?: () => void
}) {
  return null
}
