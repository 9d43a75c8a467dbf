import { UpcomingPage } from './upcoming-page.tsx'

export default function PressPage() {
  return <UpcomingPage title="Press" />
}
