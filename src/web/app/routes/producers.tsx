import { UpcomingPage } from './upcoming-page.tsx'

export default function ProducersPage() {
  return <UpcomingPage title="Meet Your Local Producers" />
}
