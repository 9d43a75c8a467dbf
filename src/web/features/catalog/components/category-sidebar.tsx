import { Link } from '#web/lib/router.tsx'
import { CATEGORIES, type Category } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { cn } from '#web/lib/cn.ts'

export interface CategoryNavProps {
  category: Category | undefined
  subcategorySlug: string | undefined
  /** the filters and sort, kept when moving to another category */
  query: string
  /** on /shop?search= the list spans every category, but the page is not /shop itself */
  searching?: boolean
  className?: string
}

export const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path)

/**
 * The large-screen category list: every category (Savings too, which the top menu leaves out),
 * the current one marked and opened to its subcategories.
 */
export function CategorySidebar({
  category,
  subcategorySlug,
  query,
  searching = false,
  className,
}: CategoryNavProps) {
  return (
    <nav aria-label="Shop categories" className={className}>
      <h2 className="mb-3 font-sans text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        Categories
      </h2>
      <ul className="flex flex-col gap-0.5 text-sm">
        <li>
          <SidebarLink
            to={withQuery('/shop', query)}
            current={category ? false : searching ? 'true' : 'page'}
          >
            All products
          </SidebarLink>
        </li>
        {CATEGORIES.map((item) => {
          const isCurrent = category?.slug === item.slug
          return (
            <li key={item.slug}>
              <SidebarLink
                to={withQuery(paths.shop(item.slug), query)}
                current={isCurrent ? 'true' : false}
              >
                {item.title}
              </SidebarLink>
              {isCurrent ? (
                <ul className="my-1 ml-3 flex flex-col gap-0.5 border-l border-border pl-2">
                  <li>
                    <SidebarLink
                      to={withQuery(paths.shop(item.slug), query)}
                      current={subcategorySlug ? false : 'page'}
                      nested
                    >
                      {`All ${item.title}`}
                    </SidebarLink>
                  </li>
                  {item.subcategories.map((sub) => (
                    <li key={sub.slug}>
                      <SidebarLink
                        to={withQuery(paths.shop(item.slug, sub.slug), query)}
                        current={subcategorySlug === sub.slug ? 'page' : false}
                        nested
                      >
                        {sub.title}
                      </SidebarLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function SidebarLink({
  to,
  current,
  nested = false,
  children,
}: {
  to: string
  /** 'page' for the page shown; 'true' for the category it belongs to */
  current: 'page' | 'true' | false
  nested?: boolean
  children: string
}) {
  return (
    <Link
      to={to}
      aria-current={current || undefined}
      className={cn(
        'block rounded-md px-3 transition-colors',
        nested ? 'py-1' : 'py-1.5',
        current === 'page'
          ? 'bg-primary font-semibold text-primary-foreground hover:bg-primary hover:text-primary-foreground'
          : 'hover:bg-accent hover:text-accent-foreground',
        current === 'true' && 'font-semibold text-primary',
        nested && !current && 'text-muted-foreground',
      )}
    >
      {children}
    </Link>
  )
}
