import { UpcomingPage } from './upcoming-page.tsx'

export default function ContactPage() {
  return <UpcomingPage title="Contact Us" />
}
