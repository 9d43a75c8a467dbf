import { UpcomingPage } from './upcoming-page.tsx'

export default function HowItWorksPage() {
  return <UpcomingPage title="How it Works" />
}
