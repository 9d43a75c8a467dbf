import { ChevronDownIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from '#web/lib/router.tsx'
import { TOP_MENU_CATEGORIES } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { cn } from '#web/lib/cn.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'

const TRIGGER =
  'flex items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground 2xl:px-2.5'

/**
 * The large-screen category menu (docs/product.md#pages): hovering a category shows its
 * subcategories in a dropdown at least 280 px wide. Each category is a disclosure button, so a
 * keyboard or a touch screen opens it too, and Tab moves between categories rather than through
 * every link. Before and without JavaScript each category is a link to its shop page instead
 * (docs/product.md#without-javascript), whose category list has the subcategories.
 */
export function CategoryMenu({ className }: { className?: string }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState<string | null>(null)
  const menu = useRef<HTMLElement>(null)
  const { pathname } = useLocation()

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(null)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  return (
    <nav aria-label="Shop by category" className={className} ref={menu}>
      <ul className="flex items-center gap-0.5">
        {TOP_MENU_CATEGORIES.map((category, index) => {
          const isOpen = open === category.slug
          const panelId = `category-menu-${category.slug}`
          const active =
            pathname === paths.shop(category.slug) ||
            pathname.startsWith(`${paths.shop(category.slug)}/`)
          return (
            <li
              key={category.slug}
              className="relative"
              onMouseEnter={() => setOpen(category.slug)}
              onMouseLeave={() =>
                setOpen((current) => (current === category.slug ? null : current))
              }
              onKeyDown={(event) => {
                if (event.key === 'Escape' && isOpen) {
                  setOpen(null)
                  event.currentTarget.querySelector('button')?.focus()
                }
              }}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) {
                  setOpen((current) => (current === category.slug ? null : current))
                }
              }}
            >
              {hydrated ? (
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? panelId : undefined}
                  onClick={() => setOpen(isOpen ? null : category.slug)}
                  className={cn(TRIGGER, (active || isOpen) && 'text-primary')}
                >
                  {category.title}
                  <ChevronDownIcon
                    className={cn(
                      'hidden size-3.5 opacity-60 transition-transform 2xl:block',
                      isOpen && 'rotate-180',
                    )}
                    aria-hidden
                  />
                </button>
              ) : (
                <Link
                  to={paths.shop(category.slug)}
                  aria-current={active ? 'true' : undefined}
                  className={cn(TRIGGER, active && 'text-primary')}
                >
                  {category.title}
                  <ChevronDownIcon className="hidden size-3.5 opacity-60 2xl:block" aria-hidden />
                </Link>
              )}
              {/* only while open: closed, the panels' links were a good part of every page's
                  HTML and of what hydration walks, and a visitor without JavaScript has the
                  category's page and its subcategory list instead */}
              {isOpen ? (
                <div
                  id={panelId}
                  className={cn(
                    'absolute top-full z-40 min-w-[280px] pt-2',
                    // the last menus open leftwards so they stay on screen
                    index < TOP_MENU_CATEGORIES.length - 3 ? 'left-0' : 'right-0',
                  )}
                >
                  <ul className="rounded-lg border border-border bg-card p-2 shadow-lg">
                    <li className="mb-1 border-b border-border pb-1">
                      <Link
                        to={paths.shop(category.slug)}
                        onClick={() => setOpen(null)}
                        className="block rounded-md px-3 py-2 text-sm font-semibold text-primary transition-colors hover:bg-accent"
                      >
                        Shop all {category.title}
                      </Link>
                    </li>
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.slug}>
                        <Link
                          to={paths.shop(category.slug, subcategory.slug)}
                          onClick={() => setOpen(null)}
                          className="block rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground"
                        >
                          {subcategory.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
