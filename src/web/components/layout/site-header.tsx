import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { CategoryMenu } from './category-menu.tsx'
import { INFO_LINKS } from './info-links.ts'
import { Logo } from './logo.tsx'
import { MobileMenu } from './mobile-menu.tsx'

/**
 * The header of every page. The app passes the feature widgets in (zip check, account,
 * search, basket), so layout components never import features.
 */
export function SiteHeader({
  zipCheck,
  account,
  mobileMenuExtras,
  actions,
}: {
  zipCheck: ReactNode
  account: ReactNode
  /** the account links and zip check again, inside the small-screen menu */
  mobileMenuExtras?: ReactNode
  /** search toggle, basket button... shown before the shop button */
  actions?: ReactNode
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-cream/95 print:hidden backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <div className="hidden bg-forest text-white lg:block">
        <div className="mx-auto flex h-11 max-w-7xl items-center justify-between gap-6 px-6">
          <nav aria-label="Information">
            <ul className="flex items-center gap-x-3 text-[0.8125rem] whitespace-nowrap xl:gap-x-5 xl:text-sm">
              {INFO_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-white/90 transition-colors hover:text-white hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-3 text-sm whitespace-nowrap xl:gap-5">
            {zipCheck}
            {account}
          </div>
        </div>
      </div>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:h-[4.5rem]">
        <MobileMenu className="-ml-2 xl:hidden" extras={mobileMenuExtras} />
        <Logo className="mr-auto xl:mr-4" />
        <CategoryMenu className="mr-auto hidden xl:block" />
        <div className="flex items-center gap-1 sm:gap-2">
          {actions}
          <Button asChild className="max-sm:hidden xl:hidden">
            <Link to="/shop">Shop</Link>
          </Button>
        </div>
      </div>
    </header>
  )
}
