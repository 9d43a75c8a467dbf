import { useParams } from '#web/lib/router.tsx'
import { PAGE_META } from '#shared/page-meta.ts'
import { Invitation } from '#web/features/account/components/invitation.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /invitations/{token} (docs/product.md#staff): accept a staff invitation. */
export default function InvitationPage() {
  usePageTitle(PAGE_META.invitation.title)
  const { token = '' } = useParams()
  return <Invitation token={token} />
}
