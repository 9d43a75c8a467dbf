import { SlidersHorizontalIcon } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { ProductFilters, type ProductFiltersProps } from './product-filters.tsx'

// the drawer (Radix Dialog) loads when the button is first pressed (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const FilterSheetContent = lazy(() =>
  import('./filter-sheet-content.tsx').then((module) => ({ default: module.FilterSheetContent })),
)

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
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  // the drawer needs JavaScript (docs/product.md#without-javascript)
  if (!useHydrated()) {
    return <FilterDisclosure activeCount={activeCount} className={className} {...filterProps} />
  }
  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <FiltersLabel activeCount={activeCount} />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <FilterSheetContent
            {...filterProps}
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
            activeCount={activeCount}
            resultCount={resultCount}
            onClear={onClear}
          />
        </Suspense>
      ) : null}
    </>
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
          'w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden',
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
