import { CheckIcon, MinusIcon, PlusIcon } from 'lucide-react'
import { CUSTOM_BOX_SIZE } from '#shared/domain/farm-boxes.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { Product } from '#shared/schemas/product.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { cn } from '#web/lib/cn.ts'
import { percentWidth } from '#web/lib/percent.ts'
import {
  boxProgressHint,
  choose,
  selectedCount,
  toCustomSelections,
  unchoose,
  type BoxSelection,
} from './box-selection.ts'

/**
 * The custom box builder's dialog (docs/product.md#farm-boxes): exactly seven items, repeats
 * allowed, from the products offered. The basket adds the box it fills; an order's page puts
 * the new contents in its change. The caller keeps the selection, so it decides when it resets.
 */
export function BoxBuilderDialog({
  box,
  choices,
  status,
  selection,
  onSelectionChange,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  /** the farm box being filled; null when the builder is closed */
  box: Pick<Product, 'name' | 'price'> | null
  choices: readonly Product[]
  status: 'pending' | 'error' | 'success'
  selection: BoxSelection
  onSelectionChange: (selection: BoxSelection) => void
  confirmLabel: string
  /** the seven chosen ids, each as often as chosen */
  onConfirm: (customSelections: string[]) => void
  onClose: () => void
}) {
  const count = selectedCount(selection)
  const full = count >= CUSTOM_BOX_SIZE

  function confirm() {
    if (!box || count !== CUSTOM_BOX_SIZE) return
    onConfirm(toCustomSelections(selection))
  }

  return (
    <Dialog open={box !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Build your {box?.name ?? 'box'}</DialogTitle>
          <DialogDescription>
            Choose {CUSTOM_BOX_SIZE} items for your box ({box ? formatDecimalPrice(box.price) : ''}
            ). Pick the same item more than once if you like.
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center justify-between gap-3 rounded-lg bg-accent px-4 py-3 text-accent-foreground">
          <p className="font-semibold" aria-live="polite">
            {count} of {CUSTOM_BOX_SIZE} items selected
          </p>
          <p className={cn('text-sm', full && 'font-semibold text-forest')}>
            {boxProgressHint(selection)}
          </p>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Items chosen"
          aria-valuemin={0}
          aria-valuemax={CUSTOM_BOX_SIZE}
          aria-valuenow={count}
        >
          <div
            className="h-full rounded-full bg-forest transition-[width]"
            style={{ width: percentWidth(count, CUSTOM_BOX_SIZE) }}
          />
        </div>
        {status === 'pending' ? (
          <p className="py-8 text-center text-muted-foreground" role="status">
            Loading products...
          </p>
        ) : status === 'error' ? (
          <p className="py-8 text-center text-destructive" role="alert">
            Error loading products. Please try again later.
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Products for your box">
            {choices.map((product) => {
              const chosen = selection[product.id] ?? 0
              return (
                <li
                  key={product.id}
                  className={cn(
                    'flex items-center gap-3 rounded-lg border p-2',
                    chosen > 0 ? 'border-forest bg-accent/50' : 'border-border',
                  )}
                >
                  <img
                    src={product.imageUrl ?? '/illustrations/placeholder-product.svg'}
                    alt=""
                    className="size-12 shrink-0 rounded-md bg-wheat object-cover"
                    loading="lazy"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">{product.name}</p>
                    <p className="truncate text-xs text-muted-foreground">{product.farmSource}</p>
                  </div>
                  <div className="flex items-center gap-1.5">
                    {chosen > 0 ? (
                      <>
                        <button
                          type="button"
                          className="flex size-8 items-center justify-center rounded-full border border-border bg-card hover:bg-accent"
                          onClick={() => onSelectionChange(unchoose(selection, product.id))}
                          aria-label={`One fewer ${product.name}`}
                        >
                          <MinusIcon className="size-4" aria-hidden />
                        </button>
                        <span className="min-w-4 text-center text-sm font-semibold tabular-nums">
                          {chosen}
                        </span>
                      </>
                    ) : null}
                    <button
                      type="button"
                      className="flex size-8 items-center justify-center rounded-full bg-forest text-white hover:bg-forest-dark disabled:cursor-not-allowed disabled:opacity-40"
                      onClick={() => onSelectionChange(choose(selection, product.id))}
                      disabled={full}
                      aria-label={
                        chosen > 0 ? `One more ${product.name}` : `Choose ${product.name}`
                      }
                    >
                      {chosen > 0 ? (
                        <PlusIcon className="size-4" aria-hidden />
                      ) : (
                        <CheckIcon className="size-4" aria-hidden />
                      )}
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={count !== CUSTOM_BOX_SIZE}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
