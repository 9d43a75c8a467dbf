import { lazy, Suspense, useState } from 'react'
import type { Product } from '#shared/schemas/product.ts'
import type { BoxSelection } from '#web/components/box-builder/box-selection.ts'
import { useBasket } from '../basket-provider.tsx'
import { toBasketItem } from '../to-basket-item.ts'

// the dialog (Radix Dialog) loads the first time a box is opened (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const BoxBuilderDialog = lazy(() =>
  import('#web/components/box-builder/box-builder-dialog.tsx').then((module) => ({
    default: module.BoxBuilderDialog,
  })),
)

/**
 * The custom box builder (docs/product.md#farm-boxes): the shopper picks exactly seven items,
 * repeats allowed, from the products offered; Add to Cart puts the box in the basket as its own
 * line. Cancelling or adding clears the choice. The page passes the products, so this feature needs
 * no catalogue.
 */
export function CustomBoxBuilder({
  box,
  choices,
  status,
  onClose,
}: {
  /** the farm box being filled; null when the builder is closed */
  box: Product | null
  choices: readonly Product[]
  status: 'pending' | 'error' | 'success'
  onClose: () => void
}) {
  const basket = useBasket()
  const [selection, setSelection] = useState<BoxSelection>({})
  const [wanted, setWanted] = useState(false)
  if (box !== null && !wanted) setWanted(true)

  function close() {
    setSelection({})
    onClose()
  }

  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <BoxBuilderDialog
        box={box}
        choices={choices}
        status={status}
        selection={selection}
        onSelectionChange={setSelection}
        confirmLabel="Add to Cart"
        onConfirm={(customSelections) => {
          if (!box) return
          basket.add(toBasketItem(box, customSelections))
          close()
        }}
        onClose={close}
      />
    </Suspense>
  )
}
