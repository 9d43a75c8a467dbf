import {
  LogOutIcon,
  MapIcon,
  ReceiptIcon,
  ShieldCheckIcon,
  TruckIcon,
  UserRoundIcon,
} from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import type { User } from '#shared/schemas/auth.ts'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx'
import { useLogOut } from '../hooks/use-log-out.ts'
import { ACCOUNT_PAGES } from './account-pages.ts'
import { UserMenuButton } from './user-menu-button.tsx'

const ICONS = { '/order-history': ReceiptIcon, '/delivery': TruckIcon, '/profile': UserRoundIcon }

/**
 * The signed-in user's menu in the header (docs/product.md#pages), with the admin area first for
 * an admin; loaded on demand by AccountMenu.
 */
export function UserMenu({ user }: { user: User }) {
  const logOut = useLogOut()
  return (
    // not modal: a header menu needn't hide the page from screen readers or lock its scrolling
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton firstName={user.firstName} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel weight="font-normal" className="truncate">
          Signed in as <span className="font-semibold text-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheckIcon className="size-4 text-muted-foreground" aria-hidden />
              Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.isDriver ? (
          <DropdownMenuItem asChild>
            <Link to="/driver">
              <MapIcon className="size-4 text-muted-foreground" aria-hidden />
              Driver&apos;s route
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.isAdmin || user.isDriver ? <DropdownMenuSeparator /> : null}
        {ACCOUNT_PAGES.map(({ to, label }) => {
          const Icon = ICONS[to]
          return (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon className="size-4 text-muted-foreground" aria-hidden />
                {label}
              </Link>
            </DropdownMenuItem>
          )
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logOut.isPending} onSelect={() => logOut.mutate()}>
          <LogOutIcon className="size-4 text-muted-foreground" aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
