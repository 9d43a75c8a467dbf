/** The footer's newsletter sign-up (spec §2): filled in by the storefront work. */
export function NewsletterForm() {
  return null
}
