import { useEffect, useRef } from 'react'
import { Link } from '#web/lib/router.tsx'
import { CATEGORIES } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { cn } from '#web/lib/cn.ts'
import { withQuery, type CategoryNavProps } from './category-sidebar.tsx'

/**
 * The small-screen way to change category: a row of category chips and, inside a category, a
 * row of its subcategories. Each row scrolls sideways, with the current chip brought into view.
 */
export function CategoryChips({
  category,
  subcategorySlug,
  query,
  searching = false,
  className,
}: CategoryNavProps) {
  return (
    <nav aria-label="Shop categories" className={cn('flex flex-col gap-2', className)}>
      <ChipRow
        label="Categories"
        items={[
          {
            key: 'all',
            title: 'All products',
            to: withQuery('/shop', query),
            current: category ? false : searching ? 'true' : 'page',
          },
          ...CATEGORIES.map((item): Chip => ({
            key: item.slug,
            title: item.title,
            to: withQuery(paths.shop(item.slug), query),
            // the section: the page itself is the "All …" chip of the row below
            current: category?.slug === item.slug ? 'true' : false,
          })),
        ]}
      />
      {category ? (
        <ChipRow
          label={`${category.title} sections`}
          small
          items={[
            {
              key: 'all',
              title: `All ${category.title}`,
              to: withQuery(paths.shop(category.slug), query),
              current: subcategorySlug ? false : 'page',
            },
            ...category.subcategories.map((sub): Chip => ({
              key: sub.slug,
              title: sub.title,
              to: withQuery(paths.shop(category.slug, sub.slug), query),
              current: subcategorySlug === sub.slug ? 'page' : false,
            })),
          ]}
        />
      ) : null}
    </nav>
  )
}

interface Chip {
  key: string
  title: string
  to: string
  current: 'page' | 'true' | false
}

function ChipRow({
  label,
  items,
  small = false,
}: {
  label: string
  items: Chip[]
  small?: boolean
}) {
  const row = useRef<HTMLUListElement>(null)
  const currentKey = items.find((item) => item.current)?.key

  useEffect(() => {
    const list = row.current
    const chip = list?.querySelector<HTMLElement>('[aria-current]')
    if (!list || !chip) return
    // scroll the row only (scrollIntoView could move the page too)
    list.scrollLeft = chip.offsetLeft - (list.clientWidth - chip.offsetWidth) / 2
  }, [currentKey])

  return (
    <ul
      ref={row}
      aria-label={label}
      className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:-mx-6 sm:px-6"
    >
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.to}
            aria-current={item.current || undefined}
            className={cn(
              'block rounded-full border font-medium whitespace-nowrap transition-colors',
              small ? 'px-3 py-1.5 text-xs' : 'px-4 py-1.5 text-sm',
              item.current
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-card hover:border-primary hover:text-primary',
            )}
          >
            {item.title}
          </Link>
        </li>
      ))}
    </ul>
  )
}
