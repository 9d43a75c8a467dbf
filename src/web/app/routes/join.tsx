import { Link } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { useNextPath } from '#web/features/account/hooks/use-next-path.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { AuthCard } from '#web/features/account/components/auth-card.tsx'
import { JoinForm } from '#web/features/account/components/join-form.tsx'
import { SignedInNote } from '#web/features/account/components/signed-in-note.tsx'
import { useSession } from '#web/features/account/hooks/use-session.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /join (docs/product.md#accounts): Personal Info, then Delivery Address, then Create Account. */
export default function JoinPage() {
  usePageTitle(PAGE_META.join.title)
  const { user } = useSession()
  const next = useNextPath()
  if (user) return <SignedInNote user={user} />
  return (
    <AuthCard
      title="Create your account"
      intro="Make an account in two quick steps, and we'll bring food from farms near Houston to your door on Saturday."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.login(next)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </>
      }
    >
      <JoinForm />
    </AuthCard>
  )
}
