import { ChevronDownIcon } from 'lucide-react'
import { NavLink } from 'react-router'
import { TOP_MENU_CATEGORIES } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * The large-screen category menu: hovering (or focusing) a category shows its subcategories
 * in a dropdown at least 280 px wide (spec §2).
 */
export function CategoryMenu({ className }: { className?: string }) {
  return (
    <nav aria-label="Shop by category" className={className}>
      <ul className="flex items-center gap-0.5">
        {TOP_MENU_CATEGORIES.map((category, index) => (
          <li key={category.slug} className="group relative">
            <NavLink
              to={paths.shop(category.slug)}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground',
                  isActive && 'text-primary',
                )
              }
            >
              {category.title}
              <ChevronDownIcon
                className="hidden size-3.5 opacity-60 transition-transform group-focus-within:rotate-180 group-hover:rotate-180 2xl:block"
                aria-hidden
              />
            </NavLink>
            <div
              className={cn(
                // hidden until hovered or focused; display:none so it never widens the page
                'absolute top-full z-40 hidden min-w-[280px] pt-2 group-focus-within:block group-hover:block',
                // the last menus open leftwards so they stay on screen
                index < TOP_MENU_CATEGORIES.length - 3 ? 'left-0' : 'right-0',
              )}
            >
              <ul className="rounded-lg border border-border bg-card p-2 shadow-lg">
                {category.subcategories.map((subcategory) => (
                  <li key={subcategory.slug}>
                    <NavLink
                      to={paths.shop(category.slug, subcategory.slug)}
                      className="block rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground"
                    >
                      {subcategory.title}
                    </NavLink>
                  </li>
                ))}
                <li className="mt-1 border-t border-border pt-1">
                  <NavLink
                    to={paths.shop(category.slug)}
                    className="block rounded-md px-3 py-2 text-sm font-semibold text-primary transition-colors hover:bg-accent"
                  >
                    Shop all {category.title}
                  </NavLink>
                </li>
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </nav>
  )
}
