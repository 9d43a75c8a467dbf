import { LogOutIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from '#web/lib/router.tsx'
import { AccountLinks } from '#web/components/layout/account-links.tsx'
import { useLogOut } from '../hooks/use-log-out.ts'
import { useSession } from '../hooks/use-session.ts'
import { ACCOUNT_PAGES } from './account-pages.ts'
import { UserMenuButton } from './user-menu-button.tsx'

// the dropdown (and its positioning library) only for people who are signed in: the landing
// page's JavaScript budget has no room for it
const UserMenu = lazy(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })),
)

/**
 * The header's account corner (docs/product.md#pages): Log in and Join when signed out (and while
 * the session is still being asked for, so nothing jumps), the user menu when signed in.
 */
export function AccountMenu() {
  const { user } = useSession()
  if (!user) return <AccountLinks />
  return (
    // the stand-in looks the same but cannot open anything yet, so it says so
    <Suspense fallback={<UserMenuButton firstName={user.firstName} disabled />}>
      <UserMenu user={user} />
    </Suspense>
  )
}

/**
 * The same inside the small-screen menu drawer: the account pages (and the admin area, for an
 * admin) as plain links. Each link
 * (and Log out, marked data-menu-close) also closes the drawer.
 */
export function DrawerAccountMenu() {
  const { user } = useSession()
  const logOut = useLogOut()
  if (!user) return <AccountLinks tone="light" />
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Signed in as <span className="font-semibold text-foreground">{user.firstName}</span>
      </p>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {user.isAdmin ? (
          <li>
            <Link to="/admin" className="font-medium text-foreground hover:underline">
              Admin
            </Link>
          </li>
        ) : null}
        {user.isDriver ? (
          <li>
            <Link to="/driver" className="font-medium text-foreground hover:underline">
              Driver&apos;s route
            </Link>
          </li>
        ) : null}
        {ACCOUNT_PAGES.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className="font-medium text-foreground hover:underline">
              {label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            data-menu-close=""
            disabled={logOut.isPending}
            onClick={() => logOut.mutate()}
            className="inline-flex items-center gap-1.5 font-medium text-foreground hover:underline disabled:opacity-50"
          >
            <LogOutIcon className="size-4" aria-hidden />
            Log out
          </button>
        </li>
      </ul>
    </div>
  )
}
