import type { ReactElement } from 'react'
import { Link } from '#web/lib/router.tsx'
import { SheetClose } from '#web/components/ui/sheet.tsx'
import { cn } from '#web/lib/cn.ts'

/**
 * Signed out: Log in and Join (the account feature shows the user menu instead once signed in).
 * `inDrawer`: inside the menu drawer, where following a link also closes the drawer.
 */
export function AccountLinks({
  tone = 'dark',
  inDrawer = false,
}: {
  tone?: 'dark' | 'light'
  inDrawer?: boolean
}) {
  const wrap = (link: ReactElement) => (inDrawer ? <SheetClose asChild>{link}</SheetClose> : link)
  return (
    <div className="flex items-center gap-3">
      {wrap(
        <Link
          to="/login"
          className={cn(
            'font-medium hover:underline',
            tone === 'dark' ? 'text-white/90 hover:text-white' : 'text-foreground',
          )}
        >
          Log in
        </Link>,
      )}
      {wrap(
        <Link
          to="/join"
          className="rounded-md bg-butter px-3 py-1 font-semibold text-charcoal transition-colors hover:bg-butter/90"
        >
          Join
        </Link>,
      )}
    </div>
  )
}
