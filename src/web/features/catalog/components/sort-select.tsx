import { useId } from 'react'
import { PRODUCT_SORTS, PRODUCT_SORT_LABELS, type ProductSort } from '#shared/domain/catalog.ts'
import { Label } from '#web/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { cn } from '#web/lib/cn.ts'

/** The four sort orders (docs/product.md#catalogue), applied by the server. */
export function SortSelect({
  value,
  onChange,
  className,
}: {
  value: ProductSort
  onChange: (sort: ProductSort) => void
  className?: string
}) {
  const id = useId()
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Label htmlFor={id} className="shrink-0 text-muted-foreground max-sm:sr-only">
        Sort by
      </Label>
      <Select
        value={value}
        onValueChange={(next) => {
          const sort = PRODUCT_SORTS.find((known) => known === next)
          if (sort) onChange(sort)
        }}
      >
        <SelectTrigger id={id} className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PRODUCT_SORTS.map((sort) => (
            <SelectItem key={sort} value={sort}>
              {PRODUCT_SORT_LABELS[sort]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
