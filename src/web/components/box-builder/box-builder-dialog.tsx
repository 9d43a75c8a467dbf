import { MinusIcon, PlusIcon } from 'lucide-react'
import { useId } from 'react'
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
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-accent px-4 py-3 text-accent-foreground">
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
            {choices.map((product) => (
              <ChoiceRow
                key={product.id}
                product={product}
                chosen={selection[product.id] ?? 0}
                full={full}
                onChoose={() => onSelectionChange(choose(selection, product.id))}
                onUnchoose={() => onSelectionChange(unchoose(selection, product.id))}
              />
            ))}
          </ul>
        )}
        {/* kept in view at the dialog's foot while the list scrolls under it (a phone) */}
        <DialogFooter className="sticky -bottom-4 -mx-4 -mb-4 border-t border-border bg-card px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 sm:py-4">
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

/**
 * One product on offer. The whole row is its button: a tap anywhere on it (but minus) adds one
 * while the box has room. The button is the name, stretched over the row by its ::after; minus
 * sits above it. A full box leaves the button focusable but inactive (aria-disabled), so the
 * keyboard keeps its place at the seventh item.
 */
function ChoiceRow({
  product,
  chosen,
  full,
  onChoose,
  onUnchoose,
}: {
  product: Product
  chosen: number
  full: boolean
  onChoose: () => void
  onUnchoose: () => void
}) {
  const id = useId()
  const detailsId = `${id}-details`
  const countId = `${id}-count`
  const look = chosen > 0 ? 'chosen' : full ? 'closed' : 'open'
  return (
    <li
      className={cn(
        'relative flex items-center gap-3 rounded-lg border p-2 transition-colors',
        look === 'chosen' && 'border-forest bg-accent',
        look === 'open' && 'border-border bg-card hover:border-forest/60 hover:bg-accent/40',
        look === 'closed' && 'border-border bg-muted text-muted-foreground',
      )}
    >
      <div className="relative shrink-0">
        <img
          src={product.imageUrl ?? '/illustrations/placeholder-product.svg'}
          alt=""
          className={cn(
            'size-12 rounded-md bg-wheat object-cover',
            look === 'closed' && 'opacity-50 grayscale',
          )}
          loading="lazy"
        />
        {look === 'chosen' ? (
          <span
            id={countId}
            className="absolute -bottom-1.5 left-1/2 min-w-7 -translate-x-1/2 rounded-full bg-forest px-1.5 text-center text-xs leading-5 font-bold text-white tabular-nums ring-2 ring-accent"
          >
            <span aria-hidden>×{chosen}</span>
            <span className="sr-only">{chosen} chosen</span>
          </span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug font-semibold wrap-break-word">
          <button
            type="button"
            data-box-choice
            className={cn(
              'text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring',
              full ? 'cursor-not-allowed' : 'cursor-pointer',
            )}
            aria-disabled={full || undefined}
            aria-describedby={look === 'chosen' ? `${countId} ${detailsId}` : detailsId}
            onClick={() => {
              if (!full) onChoose()
            }}
          >
            <span className="sr-only">{look === 'chosen' ? 'One more ' : 'Choose '}</span>
            {product.name}
          </button>
        </p>
        <p id={detailsId} className="mt-0.5 text-xs text-muted-foreground">
          <span className={cn('font-semibold', look !== 'closed' && 'text-foreground')}>
            {formatDecimalPrice(product.price)} each
          </span>
          {product.stockCount ? ` · ${product.stockCount}` : null}
          <span className="block">{product.farmSource}</span>
        </p>
      </div>
      <div className="flex shrink-0 items-center">
        {look === 'chosen' ? (
          // a 44 px target around a circle the size of plus's
          <button
            type="button"
            className="group relative z-10 flex size-11 items-center justify-center rounded-full text-forest"
            onClick={(event) => {
              // the last one gone takes minus away: the row's own button keeps the focus
              if (chosen === 1) {
                event.currentTarget
                  .closest('li')
                  ?.querySelector<HTMLButtonElement>('[data-box-choice]')
                  ?.focus()
              }
              onUnchoose()
            }}
            aria-label={`One fewer ${product.name}`}
          >
            <span className="flex size-8 items-center justify-center rounded-full border border-forest bg-card transition-colors group-hover:bg-wheat">
              <MinusIcon className="size-4" aria-hidden />
            </span>
          </button>
        ) : null}
        <span
          aria-hidden
          className={cn(
            'flex size-8 items-center justify-center rounded-full border',
            full
              ? 'border-input text-muted-foreground/60'
              : look === 'chosen'
                ? 'border-forest bg-forest text-white'
                : 'border-forest bg-card text-forest',
          )}
        >
          <PlusIcon className="size-4" />
        </span>
      </div>
    </li>
  )
}
