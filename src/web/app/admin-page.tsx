import { useQuery } from '@tanstack/react-query'
import { paths } from '#shared/routes.ts'
import { HomeIcon, LogInIcon, ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { AdminHeader } from '#web/components/layout/admin-header.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { AdminAccount } from '#web/features/account/components/admin-account.tsx'
import { adminStatusQueries } from '#web/features/admin/api/admin-status.ts'

/**
 * The frame of the admin pages (docs/product.md#admin), a workplace's rather than the shop's: the
 * admin header, then 'Verifying access...' while the server answers, 'Authentication Required'
 * for a signed-out visitor, 'Admin Access Required' for a customer, or the page. The server
 * guards every admin call whatever this shows.
 */
export function AdminPage({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AdminHeader account={<AdminAccount />} />
      <main id="main" className="flex-1">
        <AdminAccess returnTo={returnTo}>{children}</AdminAccess>
      </main>
    </div>
  )
}

function AdminAccess({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  const access = useQuery(adminStatusQueries.access())

  if (access.isPending) {
    return (
      <p role="status" className="min-h-[60vh] py-24 text-center text-muted-foreground">
        Verifying access...
      </p>
    )
  }
  if (access.isError) {
    return (
      <AccessNotice
        icon={<ShieldAlertIcon aria-hidden />}
        title="Could not check your access"
        text="Something went wrong while checking your account. Please refresh the page to try again."
      />
    )
  }
  if (access.data === 'signed-out') {
    return (
      <AccessNotice
        icon={<LogInIcon aria-hidden />}
        title="Authentication Required"
        text="Please log in with an admin account to continue."
      >
        <Button asChild size="lg">
          <Link to={paths.login(returnTo)}>
            <LogInIcon aria-hidden />
            Log in
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">
            <HomeIcon aria-hidden />
            Go to Home
          </Link>
        </Button>
      </AccessNotice>
    )
  }
  if (access.data === 'customer') {
    return (
      <AccessNotice
        icon={<ShieldCheckIcon aria-hidden />}
        title="Admin Access Required"
        text="This area is for the shop's staff. Your account does not have admin access."
      >
        <Button asChild size="lg">
          <Link to="/">
            <HomeIcon aria-hidden />
            Return to Home
          </Link>
        </Button>
      </AccessNotice>
    )
  }
  return <div className="mx-auto w-full max-w-7xl px-4 pb-16 sm:px-6">{children}</div>
}

function AccessNotice({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode
  title: string
  text: string
  children?: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <section
        aria-labelledby="admin-access-title"
        className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-forest [&_svg]:size-6">
          {icon}
        </span>
        <h1 id="admin-access-title" className="text-2xl font-semibold text-forest">
          {title}
        </h1>
        <p className="text-muted-foreground">{text}</p>
        {children ? (
          <div className="flex flex-wrap justify-center gap-3 pt-2">{children}</div>
        ) : null}
      </section>
    </div>
  )
}
