import { Link } from '#web/lib/router.tsx'
import { cn } from '#web/lib/cn.ts'

export interface Crumb {
  label: string
  /** omitted for the current page */
  to?: string
}

/** "Shop > Dairy & Eggs": the trail above a page; the last crumb without a link is the page itself. */
export function Breadcrumb({
  crumbs,
  tone = 'default',
  className,
}: {
  crumbs: readonly Crumb[]
  /** `light`: on a dark hero */
  tone?: 'default' | 'light'
  className?: string
}) {
  return (
    <nav
      aria-label="Breadcrumb"
      className={cn(
        'text-sm',
        tone === 'light'
          ? 'text-cream/85 [&_a]:text-cream [&_a:hover]:text-white'
          : 'text-muted-foreground',
        className,
      )}
    >
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((crumb, index) => (
          <li
            key={`${crumb.label}-${index}`}
            className={cn(index > 0 && "before:mr-1.5 before:content-['>']")}
          >
            {crumb.to ? (
              <Link to={crumb.to} className="hover:text-foreground hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
