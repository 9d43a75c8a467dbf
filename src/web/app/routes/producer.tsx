import { UpcomingPage } from './upcoming-page.tsx'

export default function ProducerPage() {
  return <UpcomingPage title="Our Producers" />
}
