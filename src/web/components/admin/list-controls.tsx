import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import { OptionSelect, type Option } from './option-select.tsx'

/**
 * The top of an admin page of its own (/admin/products, /admin/producers): the way back to the
 * admin, the page's heading, a count said politely as it changes, a link to its sibling page
 * and the button that adds a row.
 */
export function ListHeader({
  title,
  count,
  sibling,
  addLabel,
  onAdd,
}: {
  title: string
  /** blank until the list is loaded */
  count: string | undefined
  sibling: { to: string; label: string }
  addLabel: string
  onAdd: () => void
}) {
  return (
    <div className="flex flex-col gap-4 py-8 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold tracking-wide text-forest uppercase">
          <Link to="/admin" className="underline-offset-4 hover:underline">
            Admin
          </Link>
        </p>
        <h1 className="text-3xl font-semibold text-forest sm:text-4xl">{title}</h1>
        <p className="text-muted-foreground" aria-live="polite">
          {count ?? '\u00a0'}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg" variant="outline">
          <Link to={sibling.to}>{sibling.label}</Link>
        </Button>
        <Button size="lg" onClick={onAdd}>
          <PlusIcon aria-hidden />
          {addLabel}
        </Button>
      </div>
    </div>
  )
}

/** A list's search box (labelled by its placeholder) and, beside it from sm, its filters. */
export function ListFilters({
  search,
  onSearch,
  searchLabel,
  children,
}: {
  search: string
  onSearch: (search: string) => void
  searchLabel: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className="mb-5 grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[1fr_16rem]">
      <div>
        <label htmlFor={`${id}-search`} className="sr-only">
          {searchLabel}
        </label>
        <SearchInput
          id={`${id}-search`}
          placeholder={searchLabel}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      {children}
    </div>
  )
}

/** A filter of a list: one of `options`, or `all` for no filter. */
export function FilterSelect({
  label,
  value,
  onChange,
  all,
  options,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  all: Option
  options: readonly Option[]
}) {
  return (
    <OptionSelect
      aria-label={label}
      value={value}
      onValueChange={onChange}
      options={[all, ...options]}
    />
  )
}

/** A list paged by the server: which rows are shown of how many, and Previous and Next. */
export function Pager({
  label,
  noun,
  page,
  pageSize,
  totalCount,
  onPage,
}: {
  /** the navigation's name, e.g. "Order pages" */
  label: string
  /** what a row is, one and many: ['order', 'orders'] */
  noun: readonly [string, string]
  page: number
  pageSize: number
  totalCount: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize))
  const first = (page - 1) * pageSize + 1
  const last = Math.min(totalCount, page * pageSize)
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {totalCount} {totalCount === 1 ? noun[0] : noun[1]}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeftIcon aria-hidden />
            Previous
          </Button>
          <span className="tabular-nums">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      ) : null}
    </nav>
  )
}
