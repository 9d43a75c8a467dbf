import { MenuIcon, PhoneIcon } from 'lucide-react'
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import { TOP_MENU_CATEGORIES } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { SITE } from '#shared/site-content.ts'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { Link } from '#web/lib/router.tsx'
import { useNoScriptDisclosure, type NoScriptDisclosureProps } from '#web/lib/use-hydrated.ts'
import { INFO_LINKS } from './info-links.ts'

// the drawer (Radix Dialog and its focus trap, scroll lock...) loads on the first press: the
// first paint needs only the button (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet.tsx').then((module) => ({ default: module.MobileMenuSheet })),
)

/**
 * The small-screen menu button; its drawer (./mobile-menu-sheet.tsx) loads when first opened. The
 * drawer needs JavaScript: until the page has it, the same button opens a plain list of the
 * categories and quick links under the header (docs/product.md#without-javascript).
 */
export function MobileMenu({ className, extras }: { className?: string; extras?: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const { showsStandIn, standInProps } = useNoScriptDisclosure()
  if (showsStandIn) return <MenuDisclosure className={className} {...standInProps} />
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className={className}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setWanted(true)
          setOpen((current) => !current)
        }}
      >
        <MenuIcon className="size-6" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} extras={extras} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}

function MenuDisclosure({
  className,
  ...standInProps
}: { className?: string } & NoScriptDisclosureProps) {
  return (
    <details className={cn('group', className)} {...standInProps}>
      <summary
        aria-label="Open menu"
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
        )}
      >
        <MenuIcon className="size-6" aria-hidden />
      </summary>
      {/* the header is sticky, so positioned: the panel hangs from it across its width */}
      <nav
        aria-label="Mobile"
        className="absolute top-full right-0 left-0 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-card p-5 shadow-lg"
      >
        <ul className="flex flex-col">
          <li>
            <Link to={paths.shop()} className="block py-2.5 font-semibold text-primary">
              Shop all products
            </Link>
          </li>
          {TOP_MENU_CATEGORIES.map((category) => (
            <li key={category.slug} className="border-t border-border">
              <Link to={paths.shop(category.slug)} className="block py-2.5 text-base font-medium">
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 border-t border-border pt-4 text-sm">
          {INFO_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block py-1.5 text-muted-foreground hover:text-foreground"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <a
          href={SITE.phone.href}
          className="mt-4 inline-flex items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-foreground"
        >
          <PhoneIcon className="size-4" aria-hidden />
          Call us: {SITE.phone.display}
        </a>
      </nav>
    </details>
  )
}
