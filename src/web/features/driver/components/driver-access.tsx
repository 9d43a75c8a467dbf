import { useQuery } from '@tanstack/react-query'
import { paths } from '#shared/routes.ts'
import { LogInIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { driverQueries } from '../api/driver-day.ts'

/**
 * The driver's view is for drivers and admins (docs/product.md#routes): the server guards every
 * call; this only picks what to show while it answers.
 */
export function DriverAccess({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  const access = useQuery(driverQueries.access())
  if (access.isPending) {
    return (
      <p role="status" className="min-h-[60vh] py-24 text-center text-muted-foreground">
        Verifying access...
      </p>
    )
  }
  if (access.data === 'staff') return children
  const signedOut = access.data === 'signed-out'
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <section className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-semibold text-forest">
          {access.isError
            ? 'Could not check your access'
            : signedOut
              ? 'Please log in'
              : 'Drivers only'}
        </h1>
        <p className="text-muted-foreground">
          {access.isError
            ? 'Please refresh the page to try again.'
            : signedOut
              ? 'Log in with your driver account to see your deliveries.'
              : 'This page is for the shop’s drivers. Your account is not a driver’s.'}
        </p>
        {signedOut ? (
          <Button asChild size="lg">
            <Link to={paths.login(returnTo)}>
              <LogInIcon aria-hidden />
              Log in
            </Link>
          </Button>
        ) : null}
      </section>
    </div>
  )
}
