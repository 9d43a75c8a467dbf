import { useId } from 'react'
import { PRODUCT_SORTS, PRODUCT_SORT_LABELS, type ProductSort } from '#shared/domain/catalog.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { cn } from '#web/lib/cn.ts'
import { NoScriptOnly } from '#web/components/ui/no-script-only.tsx'
import { HiddenFields } from './product-filters.tsx'

/**
 * The four sort orders (docs/product.md#catalogue), applied by the server. A GET form: with
 * JavaScript a choice applies at once; without it, 'Sort' sends the form with the filters and
 * search kept as hidden fields (docs/product.md#without-javascript).
 */
export function SortSelect({
  value,
  onChange,
  action,
  keep,
  className,
}: {
  value: ProductSort
  onChange: (sort: ProductSort) => void
  /** the shop page the form is sent to without JavaScript (its path, no query) */
  action: string
  /** the filters and search, sent along with the sort */
  keep: URLSearchParams
  className?: string
}) {
  const id = useId()
  return (
    <form
      method="get"
      action={action}
      // with JavaScript the choice has applied already
      onSubmit={(event) => event.preventDefault()}
      className={cn('flex items-center gap-2', className)}
    >
      <HiddenFields query={keep} />
      <Label htmlFor={id} className="shrink-0 text-muted-foreground max-sm:sr-only">
        Sort by
      </Label>
      <NativeSelect
        id={id}
        name="sort"
        value={value}
        wrapperClassName="sm:w-48"
        onChange={(event) => {
          const sort = PRODUCT_SORTS.find((known) => known === event.target.value)
          if (sort) onChange(sort)
        }}
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {PRODUCT_SORT_LABELS[sort]}
          </option>
        ))}
      </NativeSelect>
      <NoScriptOnly>
        <Button type="submit" variant="outline">
          Sort
        </Button>
      </NoScriptOnly>
    </form>
  )
}
