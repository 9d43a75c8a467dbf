import { useSearchParams } from '#web/lib/router.tsx'
import { PAGE_META } from '#shared/page-meta.ts'
import { ResetPassword } from '#web/features/account/components/reset-password.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /reset-password?token=… (docs/product.md#accounts): the link from the reset e-mail. */
export default function ResetPasswordPage() {
  usePageTitle(PAGE_META.resetPassword.title)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  // a new link (another e-mail) starts the page afresh
  return <ResetPassword key={token ?? ''} token={token} />
}
