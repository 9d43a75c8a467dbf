import { SlidersHorizontalIcon } from 'lucide-react'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
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
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { ProductFilters, type ProductFiltersProps } from './product-filters.tsx'

type FilterSheetProps = ProductFiltersProps & {
  activeCount: number
  /** the products the current filters find, when known */
  resultCount: number | undefined
  onClear: () => void
}

/**
 * The filters on a phone: a 'Filters' button opening a drawer. Each choice applies at once (the
 * list behind updates), and the footer closes the drawer onto the result. The drawer needs
 * JavaScript: until the page has it, the same button opens the filter form in place
 * (docs/product.md#without-javascript).
 */
export function FilterSheet({
  activeCount,
  resultCount,
  onClear,
  className,
  ...filterProps
}: FilterSheetProps) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return <FilterDisclosure activeCount={activeCount} className={className} {...filterProps} />
  }
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" className={cn('gap-2', className)}>
          <FiltersLabel activeCount={activeCount} />
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

/**
 * The drawer's stand-in before and without JavaScript: a disclosure that looks like the
 * 'Filters' button when closed and holds the filter form (with its Apply button) when open.
 */
function FilterDisclosure({
  activeCount,
  className,
  ...filterProps
}: ProductFiltersProps & { activeCount: number }) {
  return (
    <details className={cn('group open:basis-full', className)}>
      <summary
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'w-fit cursor-pointer list-none gap-2 [&::-webkit-details-marker]:hidden',
        )}
      >
        <FiltersLabel activeCount={activeCount} />
      </summary>
      <ProductFilters
        {...filterProps}
        className="mt-3 rounded-lg border border-border bg-card p-4"
      />
    </details>
  )
}

function FiltersLabel({ activeCount }: { activeCount: number }) {
  return (
    <>
      <SlidersHorizontalIcon aria-hidden />
      Filters
      {activeCount > 0 ? (
        <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground">
          {activeCount}
          <span className="sr-only"> in use</span>
        </span>
      ) : null}
    </>
  )
}
