import { SlidersHorizontalIcon } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '#web/components/ui/sheet.tsx'
import { cn } from '#web/lib/cn.ts'
import { ProductFilters, type ProductFiltersProps } from './product-filters.tsx'

/**
 * The filters on a phone: a 'Filters' button opening a drawer. Each choice applies at once (the
 * list behind updates), and the footer closes the drawer onto the result.
 */
export function FilterSheet({
  activeCount,
  resultCount,
  onClear,
  className,
  ...filterProps
}: ProductFiltersProps & {
  activeCount: number
  /** the products the current filters find, when known */
  resultCount: number | undefined
  onClear: () => void
}) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" className={cn('gap-2', className)}>
          <SlidersHorizontalIcon aria-hidden />
          Filters
          {activeCount > 0 ? (
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground">
              {activeCount}
              <span className="sr-only"> in use</span>
            </span>
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>The list updates as you choose.</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto p-5">
          <ProductFilters {...filterProps} />
        </div>
        <div className="flex items-center gap-3 border-t border-border p-4">
          <Button
            variant="outline"
            className="flex-1"
            onClick={onClear}
            disabled={activeCount === 0}
          >
            Clear filters
          </Button>
          <SheetClose asChild>
            <Button className="flex-1">
              {resultCount === undefined
                ? 'Show products'
                : `Show ${resultCount} ${resultCount === 1 ? 'product' : 'products'}`}
            </Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  )
}
