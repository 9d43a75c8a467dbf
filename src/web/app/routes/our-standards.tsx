import { UpcomingPage } from './upcoming-page.tsx'

export default function OurStandardsPage() {
  return <UpcomingPage title="Our Standards" />
}
