import { MinusIcon, PackageOpenIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { FARMERS_CHOICE } from '#shared/domain/farm-boxes.ts'
import { formatCents } from '#shared/domain/money.ts'
import { MAX_LINE_QUANTITY, lineTotal } from '#shared/domain/pricing.ts'
import type { Product } from '#shared/schemas/product.ts'
import { BoxBuilderDialog } from '#web/components/box-builder/box-builder-dialog.tsx'
import type { BoxSelection } from '#web/components/box-builder/box-selection.ts'
import { Button } from '#web/components/ui/button.tsx'
import { orderChangeQueries } from '../api/order-catalogue.ts'
import { selectionCounts } from '../order-change-draft.ts'
import type { DraftLine } from '../order-change-draft.ts'

const stepButton =
  'flex size-8 items-center justify-center rounded-full border border-border bg-card text-forest transition-colors hover:bg-accent disabled:cursor-not-allowed disabled:opacity-40'

/**
 * The order's lines as the change form edits them (docs/product.md#order-changes): a quantity
 * of 1 to 20 each, a line removed, and a custom box's seven items chosen again in the box
 * builder.
 */
export function OrderLinesEditor({
  lines,
  onChange,
  catalogue,
  catalogueStatus,
  itemName,
}: {
  lines: readonly DraftLine[]
  onChange: (lines: DraftLine[]) => void
  catalogue: readonly Product[]
  catalogueStatus: 'pending' | 'error' | 'success'
  /** a chosen item's name, for a box's contents */
  itemName: (id: string) => string
}) {
  const [editing, setEditing] = useState<string | null>(null)
  const [selection, setSelection] = useState<BoxSelection>({})
  const editingLine = lines.find((line) => line.key === editing)
  const box = editingLine
    ? catalogue.find((product) => product.id === editingLine.productId)
    : undefined

  const update = (key: string, change: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)))

  function openBuilder(line: DraftLine) {
    const counts: Record<string, number> = {}
    for (const id of line.customSelections ?? []) counts[id] = (counts[id] ?? 0) + 1
    setSelection(counts)
    setEditing(line.key)
  }

  const offered = useQuery({
    ...orderChangeQueries.boxChoices(box?.id ?? ''),
    enabled: box !== undefined,
  })
  const choices = box ? withChosen(offered.data ?? [], catalogue, Object.keys(selection)) : []

  return (
    <>
      <ul className="flex flex-col divide-y divide-border" aria-label="Items in your order">
        {lines.map((line) => {
          const isBox = line.customSelections !== null
          return (
            <li
              key={line.key}
              className="flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0"
            >
              <img
                src={line.imageUrl ?? '/illustrations/placeholder-product.svg'}
                alt=""
                className="size-12 shrink-0 rounded-lg bg-wheat object-cover"
                loading="lazy"
              />
              <div className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
                <p className="text-sm leading-snug font-semibold">{line.name}</p>
                <p className="text-xs text-muted-foreground">
                  {formatCents(line.unitPrice)} each · {line.farmSource}
                </p>
                {isBox ? (
                  line.customSelections && line.customSelections.length > 0 ? (
                    <ul
                      className="mt-1 text-xs text-muted-foreground"
                      aria-label={`${line.name} contents`}
                    >
                      {selectionCounts(line.customSelections).map(({ id, count }) => (
                        <li key={id}>
                          {count} × {itemName(id)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-xs text-muted-foreground">{FARMERS_CHOICE}</p>
                  )
                ) : null}
                {isBox ? (
                  <Button
                    type="button"
                    variant="link"
                    size="inline"
                    className="self-start"
                    disabled={catalogueStatus !== 'success'}
                    aria-label={`Choose the items in ${line.name}`}
                    onClick={() => openBuilder(line)}
                  >
                    <PackageOpenIcon aria-hidden />
                    Choose the items
                  </Button>
                ) : null}
              </div>
              <div className="ml-auto flex items-center gap-3">
                <div
                  className="flex items-center gap-1.5"
                  role="group"
                  aria-label={`Quantity of ${line.name}`}
                >
                  <button
                    type="button"
                    className={stepButton}
                    disabled={line.quantity <= 1}
                    onClick={() => update(line.key, { quantity: line.quantity - 1 })}
                    aria-label={`One fewer ${line.name}`}
                  >
                    <MinusIcon className="size-4" aria-hidden />
                  </button>
                  <span
                    className="min-w-6 text-center font-semibold tabular-nums"
                    aria-live="polite"
                  >
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    className={stepButton}
                    disabled={line.quantity >= MAX_LINE_QUANTITY}
                    onClick={() => update(line.key, { quantity: line.quantity + 1 })}
                    aria-label={`One more ${line.name}`}
                  >
                    <PlusIcon className="size-4" aria-hidden />
                  </button>
                </div>
                <p className="w-18 text-right text-sm font-semibold tabular-nums">
                  {formatCents(lineTotal(line.unitPrice, line.quantity))}
                </p>
                <Button
                  type="button"
                  variant="ghost-destructive"
                  size="icon-xs"
                  aria-label={`Remove ${line.name}`}
                  onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
      <BoxBuilderDialog
        box={editingLine && box ? { name: editingLine.name, price: box.price } : null}
        choices={choices}
        status={box ? offered.status : catalogueStatus}
        selection={selection}
        onSelectionChange={setSelection}
        confirmLabel="Use these items"
        onConfirm={(customSelections) => {
          if (editingLine) update(editingLine.key, { customSelections })
          setEditing(null)
        }}
        onClose={() => setEditing(null)}
      />
    </>
  )
}

/**
 * What the builder offers on an order's page: the box's own list as the server offers it, and
 * whatever the line already holds that is not on it (so it can be taken out).
 */
function withChosen(
  offered: readonly Product[],
  catalogue: readonly Product[],
  chosen: readonly string[],
) {
  const extra = catalogue.filter(
    (product) => chosen.includes(product.id) && !offered.some((other) => other.id === product.id),
  )
  return [...offered, ...extra]
}
