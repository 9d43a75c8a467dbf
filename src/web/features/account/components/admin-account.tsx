import { LogOutIcon, UserRoundIcon } from 'lucide-react'
import { useLogOut } from '../hooks/use-log-out.ts'
import { useSession } from '../hooks/use-session.ts'

/**
 * The admin header's account corner (docs/product.md#admin): who is signed in, by name, and Log
 * out. Nothing while signed out: the page itself asks to log in.
 */
export function AdminAccount() {
  const { user } = useSession()
  const logOut = useLogOut()
  if (!user) return null
  return (
    <div className="flex min-w-0 items-center gap-3">
      <p className="flex min-w-0 items-center gap-1.5 text-cream">
        <UserRoundIcon className="size-4 shrink-0" aria-hidden />
        <span className="sr-only">Signed in as </span>
        <span className="truncate font-medium" data-testid="admin-name">
          {user.firstName} {user.lastName}
        </span>
      </p>
      <button
        type="button"
        disabled={logOut.isPending}
        onClick={() => logOut.mutate()}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-cream/40 px-2.5 py-1 font-medium text-cream transition-colors hover:bg-white/10 disabled:opacity-50"
      >
        <LogOutIcon className="size-4" aria-hidden />
        Log out
      </button>
    </div>
  )
}
