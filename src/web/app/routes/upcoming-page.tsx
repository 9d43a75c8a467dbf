import { Link } from 'react-router'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** Pages whose content is still being written: a real heading and a way back to the shop. */
export function UpcomingPage({ title }: { title: string }) {
  usePageTitle(title)
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader
        title={title}
        intro="We're still putting this page together. In the meantime, the shop is open."
      />
      <Button asChild>
        <Link to="/shop">Browse the shop</Link>
      </Button>
    </div>
  )
}
