import { Link } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { useNextPath } from '#web/features/account/hooks/use-next-path.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { SITE } from '#shared/site-content.ts'
import { AuthCard } from '#web/features/account/components/auth-card.tsx'
import { LoginForm } from '#web/features/account/components/login-form.tsx'
import { SignedInNote } from '#web/features/account/components/signed-in-note.tsx'
import { useSession } from '#web/features/account/hooks/use-session.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/**
 * /login (docs/product.md#accounts): e-mail and password, with the ways to a new password or a new
 * account.
 */
export default function LoginPage() {
  usePageTitle(PAGE_META.login.title)
  const { user } = useSession()
  const next = useNextPath()
  if (user) return <SignedInNote user={user} />
  return (
    <AuthCard
      title="Log in"
      intro="Welcome back! Log in to fill your basket for Saturday and keep an eye on your deliveries."
      footer={
        <>
          New to {SITE.name}?{' '}
          <Link
            to={paths.join(next)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  )
}
