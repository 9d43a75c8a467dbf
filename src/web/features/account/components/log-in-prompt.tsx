import { LogInIcon, UserRoundIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { AuthCard } from './auth-card.tsx'

/**
 * A signed-out visitor on a page of the signed-in customer's (orders, deliveries): what the
 * page would show, and the ways in. Logging in or joining comes back here.
 */
export function LogInPrompt({
  title,
  intro,
  returnTo,
}: {
  title: string
  intro: ReactNode
  /** the page to come back to after logging in */
  returnTo: string
}) {
  return (
    <AuthCard
      icon={<UserRoundIcon aria-hidden />}
      title={title}
      intro={intro}
      footer={
        <>
          New here?{' '}
          <Link
            to={paths.join(returnTo)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <Button asChild size="lg">
        <Link to={paths.login(returnTo)}>
          <LogInIcon aria-hidden />
          Log in
        </Link>
      </Button>
    </AuthCard>
  )
}
