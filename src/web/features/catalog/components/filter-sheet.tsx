import { SlidersHorizontalIcon } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import type { ProductFiltersProps } from './product-filters.tsx'

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
  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        className={cn('gap-2', className)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <SlidersHorizontalIcon aria-hidden />
        Filters
        {activeCount > 0 ? (
          <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground">
            {activeCount}
            <span className="sr-only"> in use</span>
          </span>
        ) : null}
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
