import { UpcomingPage } from './upcoming-page.tsx'

export default function BecomeVendorPage() {
  return <UpcomingPage title="Grow Your Business With Us" />
}
