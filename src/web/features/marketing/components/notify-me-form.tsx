/** "Tell me when you deliver to {zip}": a waitlist sign-up stored with its ZIP. */
export function NotifyMeForm(_props: { zip: string }) {
  return null
}
