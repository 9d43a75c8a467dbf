import { PAGE_META } from '#shared/page-meta.ts'
import { Profile } from '#web/features/account/components/profile.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/**
 * /profile (docs/product.md#accounts): the customer's details and delivery address, or a log-in
 * prompt.
 */
export default function ProfilePage() {
  usePageTitle(PAGE_META.profile.title)
  return <Profile />
}
