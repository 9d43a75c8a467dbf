import { LockIcon, PencilIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import type { User } from '#shared/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'

const memberSince = businessDateTimeFormat({
  month: 'long',
  year: 'numeric',
})

/** The profile's view mode: who the customer is and where the box goes. */
export function ProfileDetails({ user, onEdit }: { user: User; onEdit: () => void }) {
  return (
    <section
      aria-labelledby="profile-name"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="profile-name" className="text-2xl font-semibold text-forest">
            {user.firstName} {user.lastName}
          </h2>
          <p className="text-sm text-muted-foreground">
            Member since {memberSince.format(new Date(user.createdAt))}
          </p>
        </div>
        <Button variant="outline" onClick={onEdit}>
          <PencilIcon aria-hidden />
          Edit Profile
        </Button>
      </div>
      <dl className="mt-8 grid gap-6 sm:grid-cols-2">
        <Detail label="Name">
          {user.firstName} {user.lastName}
        </Detail>
        <Detail label="Email">
          <span className="break-all">{user.email}</span>
          <span className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <LockIcon className="size-3.5" aria-hidden />
            Your e-mail address can&apos;t be changed
          </span>
        </Detail>
        <Detail label="Phone">{user.phone}</Detail>
        <Detail label="Delivery address">
          <address className="not-italic">
            {user.deliveryStreet}
            {user.deliveryApt ? (
              <>
                <br />
                {user.deliveryApt}
              </>
            ) : null}
            <br />
            {user.deliveryCity}, {user.deliveryState} {user.deliveryZip}
          </address>
        </Detail>
      </dl>
    </section>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </dt>
      <dd className="flex flex-col text-base">{children}</dd>
    </div>
  )
}
