import type { UseQueryResult } from '@tanstack/react-query'
import { PencilIcon, Trash2Icon, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ProductImage } from '#web/components/product-image.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { QueryStates } from './list-states.tsx'

/**
 * A column of an admin table: its heading, how a row shows in it, and (`className`) where the
 * cell sits in the row's card below lg, with its look in the table from lg.
 */
export type Column<TRow> = {
  id: string
  header: string
  align?: 'end'
  className?: string | ((row: TRow) => string)
  cell: (row: TRow) => ReactNode
}

const placed = <TRow,>(column: Column<TRow>, row: TRow) =>
  typeof column.className === 'function' ? column.className(row) : column.className

const HEADING = 'px-3 py-3 font-semibold'
const EDGE_HEADING = 'px-4 py-3 font-semibold'

type Row = { id: string; name: string }

/**
 * An admin list (its query in its loading, failed and empty states) as a table from lg and,
 * below it, each row as a card whose cells wrap under the row's name (`cardClassName` lays the
 * card's grid; each column places its cell in it). The first column heads its row; the row's
 * actions come last: Edit, any `moreActions`, Delete. `aria-busy` while a new answer is on its
 * way.
 */
export function DataTable<TRow extends Row>({
  title,
  query,
  empty,
  columns,
  cardClassName,
  actionsClassName,
  onEdit,
  moreActions,
  onDelete,
}: {
  /** what the rows are, as the table's caption: "Products" */
  title: string
  query: UseQueryResult<readonly TRow[]>
  empty: { icon: LucideIcon; title: string; text: string }
  columns: readonly [Column<TRow>, ...Column<TRow>[]]
  cardClassName: string
  /** where the actions sit in a row's card */
  actionsClassName: string
  onEdit: (row: TRow) => void
  moreActions?: (row: TRow) => ReactNode
  onDelete: (row: TRow) => void
}) {
  const [head, ...rest] = columns
  return (
    <QueryStates
      query={query}
      loading={`Loading ${title.toLowerCase()}...`}
      failed={{
        title: `Error Loading ${title}`,
        text: `Failed to load ${title.toLowerCase()}. Please refresh the page to try again.`,
      }}
      empty={{ when: (rows) => rows.length === 0, ...empty }}
    >
      {(rows) => (
        <div
          className="overflow-hidden rounded-2xl border border-border bg-card"
          aria-busy={query.isFetching}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="hidden bg-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase lg:table-header-group">
              <tr>
                <th scope="col" className={EDGE_HEADING}>
                  {head.header}
                </th>
                {rest.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    className={cn(HEADING, column.align === 'end' && 'text-right')}
                  >
                    {column.header}
                  </th>
                ))}
                <th scope="col" className={cn(EDGE_HEADING, 'text-right')}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.id} className={cn(cardClassName, 'lg:table-row lg:p-0')}>
                  <th
                    scope="row"
                    className={cn(
                      'text-left font-normal lg:table-cell lg:px-4 lg:py-3',
                      placed(head, row),
                    )}
                  >
                    {head.cell(row)}
                  </th>
                  {rest.map((column) => (
                    <td
                      key={column.id}
                      className={cn('lg:table-cell lg:px-3 lg:py-3', placed(column, row))}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                  <td
                    className={cn(
                      'flex justify-end gap-1 lg:table-cell lg:px-4 lg:py-3 lg:text-right lg:whitespace-nowrap',
                      actionsClassName,
                    )}
                  >
                    <RowAction
                      icon={PencilIcon}
                      label={`Edit ${row.name}`}
                      onClick={() => onEdit(row)}
                    />
                    {moreActions?.(row)}
                    <RowAction
                      icon={Trash2Icon}
                      label={`Delete ${row.name}`}
                      onClick={() => onDelete(row)}
                      destructive
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryStates>
  )
}

/**
 * The head of a row: its picture (a product's photo, a producer's logo), its name and what
 * goes under the name.
 */
export function RowTitle({
  image,
  logo = false,
  name,
  children,
}: {
  image: string | null
  /** the whole picture on white, as the shop shows a producer's logo */
  logo?: boolean
  name: string
  children?: ReactNode
}) {
  return (
    <span className="flex items-center gap-3">
      <ProductImage
        src={image}
        alt=""
        size="size-12"
        fit={logo ? 'contain' : 'cover'}
        className={cn('shrink-0 rounded-lg', logo ? 'bg-white' : 'bg-wheat')}
      />
      <span className="flex min-w-0 flex-col items-start gap-1">
        <span className="font-semibold">{name}</span>
        {children}
      </span>
    </span>
  )
}

/** An icon button of a row, named for what it does to which row ("Edit Honeycrisp Apples"). */
export function RowAction({
  icon: Icon,
  label,
  onClick,
  destructive = false,
}: {
  icon: LucideIcon
  label: string
  onClick: () => void
  destructive?: boolean
}) {
  return (
    <Button
      variant={destructive ? 'ghost-tomato' : 'ghost'}
      size="icon"
      onClick={onClick}
      aria-label={label}
    >
      <Icon aria-hidden />
    </Button>
  )
}

const BADGE_TONES = {
  good: 'bg-accent text-accent-foreground',
  off: 'bg-muted text-muted-foreground',
  alarm: 'bg-tomato text-white',
} as const

/** A row's state in a pill: In Stock, Active, Inactive… */
export function StatusBadge({
  tone,
  children,
}: {
  tone: keyof typeof BADGE_TONES
  children: ReactNode
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  )
}
