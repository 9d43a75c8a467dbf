import { UpcomingPage } from './upcoming-page.tsx'

export default function CorporateWellnessPage() {
  return <UpcomingPage title="Corporate Wellness" />
}
