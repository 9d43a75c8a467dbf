import { ShoppingBasketIcon, UserRoundCheckIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import type { User } from '#shared/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { AuthCard } from './auth-card.tsx'

/** /login or /join while signed in: say so and offer the shop, rather than bounce the visitor. */
export function SignedInNote({ user }: { user: User }) {
  return (
    <AuthCard
      icon={<UserRoundCheckIcon aria-hidden />}
      title={`You're logged in, ${user.firstName}`}
      intro={
        <>
          You&apos;re signed in as <span className="font-medium text-foreground">{user.email}</span>
          . This week&apos;s harvest is waiting.
        </>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg" grow>
          <Link to="/shop">
            <ShoppingBasketIcon aria-hidden />
            Go to the shop
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" grow>
          <Link to="/profile">Your profile</Link>
        </Button>
      </div>
    </AuthCard>
  )
}
