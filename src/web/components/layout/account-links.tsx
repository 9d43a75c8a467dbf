import { Link } from '#web/lib/router.tsx'
import { cn } from '#web/lib/cn.ts'

/**
 * Signed out: Log in and Join (the account feature shows the user menu instead once signed in).
 * `tone`: light inside the menu drawer (which closes when a link in it is followed).
 */
export function AccountLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <div className="flex items-center gap-3">
      <Link
        to="/login"
        className={cn(
          'font-medium hover:underline',
          tone === 'dark' ? 'text-white/90 hover:text-white' : 'text-foreground',
        )}
      >
        Log in
      </Link>
      <Link
        to="/join"
        className="rounded-md bg-butter px-3 py-1 font-semibold text-charcoal transition-colors hover:bg-butter/90"
      >
        Join
      </Link>
    </div>
  )
}
