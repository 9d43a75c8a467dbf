import { PAGE_META } from '#shared/page-meta.ts'
import { ForgotPassword } from '#web/features/account/components/forgot-password.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /forgot-password (docs/product.md#accounts): an e-mail address, then 'Check Your Email'. */
export default function ForgotPasswordPage() {
  usePageTitle(PAGE_META.forgotPassword.title)
  return <ForgotPassword />
}
