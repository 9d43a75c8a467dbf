import { LogInIcon, UserRoundIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useCardSetupReturn } from '../hooks/use-card-setup-return.ts'
import { useSession } from '../hooks/use-session.ts'
import { AuthCard } from './auth-card.tsx'
import { ProfileDetails } from './profile-details.tsx'
import { ProfileForm } from './profile-form.tsx'
import { SavedCards } from './saved-cards.tsx'

/**
 * The profile (docs/product.md#accounts): a log-in prompt without a session; otherwise the details,
 * and Edit Profile switches to the form (Cancel or a save switches back), then the saved cards
 * (docs/product.md#saved-cards).
 */
export function Profile() {
  const session = useSession()
  const [editing, setEditing] = useState(false)
  useCardSetupReturn()

  if (session.isPending) {
    return (
      <p role="status" className="min-h-[60vh] py-24 text-center text-muted-foreground">
        Loading your profile…
      </p>
    )
  }
  if (session.isError) {
    return (
      <div role="alert" className="flex min-h-[60vh] flex-col items-center gap-4 py-24 text-center">
        <p className="text-muted-foreground">
          We couldn&apos;t load your profile just now. Please try again.
        </p>
        <Button variant="outline" onClick={() => void session.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (!session.user) return <LogInPrompt />
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader
        eyebrow="Your account"
        title="Your Profile"
        intro="Your details, where your Saturday box goes, and the cards you pay with."
      />
      {editing ? (
        <ProfileForm user={session.user} onDone={() => setEditing(false)} />
      ) : (
        <ProfileDetails user={session.user} onEdit={() => setEditing(true)} />
      )}
      <SavedCards user={session.user} />
    </div>
  )
}

function LogInPrompt() {
  return (
    <AuthCard
      icon={<UserRoundIcon aria-hidden />}
      title="Log in to see your profile"
      intro="Your details and delivery address live here once you're signed in."
      footer={
        <>
          New here?{' '}
          <Link to="/join" className="font-medium text-primary underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <Button asChild size="lg">
        <Link to="/login">
          <LogInIcon aria-hidden />
          Log in
        </Link>
      </Button>
    </AuthCard>
  )
}
