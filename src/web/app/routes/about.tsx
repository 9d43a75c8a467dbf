import { UpcomingPage } from './upcoming-page.tsx'

export default function AboutPage() {
  return <UpcomingPage title="About Us" />
}
