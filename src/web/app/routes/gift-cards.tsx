import { UpcomingPage } from './upcoming-page.tsx'

export default function GiftCardsPage() {
  return <UpcomingPage title="Gift Cards" />
}
