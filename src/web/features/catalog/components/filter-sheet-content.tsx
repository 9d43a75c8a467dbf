import type { RefObject } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#web/components/ui/sheet.tsx'
import { ProductFilters, type ProductFiltersProps } from './product-filters.tsx'

/** The phone's filter drawer (./filter-sheet.tsx loads it when its button is first pressed). */
export function FilterSheetContent({
  open,
  onOpenChange,
  trigger,
  activeCount,
  resultCount,
  onClear,
  ...filterProps
}: ProductFiltersProps & {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** the Filters button: focus goes back to it on close */
  trigger: RefObject<HTMLButtonElement | null>
  activeCount: number
  resultCount: number | undefined
  onClear: () => void
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          trigger.current?.focus()
        }}
      >
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>The list updates as you choose.</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto p-5">
          <ProductFilters {...filterProps} />
        </div>
        <div className="flex items-center gap-3 border-t border-border p-4">
          <Button variant="outline" grow onClick={onClear} disabled={activeCount === 0}>
            Clear filters
          </Button>
          <SheetClose asChild>
            <Button grow>
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
