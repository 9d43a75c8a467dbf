import { PlusIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { canBeAdded } from '#shared/domain/weekly-stock.ts'
import type { Product } from '#shared/schemas/product.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'

const SHOWN = 6

/**
 * Add a product to an order: the shop's products in stock and not sold out for the Saturday,
 * found by name or farm, six at a time.
 * A farm box comes as the farm packs it; its items can be chosen once it is in the order.
 */
export function ProductPicker({
  products,
  status,
  onAdd,
}: {
  products: readonly Product[]
  status: 'pending' | 'error' | 'success'
  onAdd: (product: Product) => void
}) {
  const id = useId()
  const [search, setSearch] = useState('')
  const words = search.trim().toLowerCase()
  const matches = products
    .filter((product) => canBeAdded(product))
    .filter(
      (product) =>
        !words ||
        product.name.toLowerCase().includes(words) ||
        product.farmSource.toLowerCase().includes(words),
    )
    .slice(0, SHOWN)

  return (
    <div className="flex flex-col gap-3">
      <Label htmlFor={`${id}-search`}>Find a product to add</Label>
      <SearchInput
        id={`${id}-search`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Tomatoes, eggs, a farm…"
        autoComplete="off"
      />
      {status === 'pending' ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading products...
        </p>
      ) : status === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          We couldn&apos;t load the shop&apos;s products just now. Please try again later.
        </p>
      ) : matches.length === 0 ? (
        <p className="text-sm text-muted-foreground">No product in stock matches “{search}”.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Products to add">
          {matches.map((product) => (
            <li
              key={product.id}
              className="flex min-w-0 items-center gap-3 rounded-lg border border-border p-2"
            >
              <img
                src={product.imageUrl ?? '/illustrations/placeholder-product.svg'}
                alt=""
                className="size-11 shrink-0 rounded-md bg-wheat object-cover"
                loading="lazy"
              />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm leading-snug font-semibold">{product.name}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {formatDecimalPrice(product.price)} · {product.farmSource}
                </p>
              </div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Add ${product.name}`}
                onClick={() => onAdd(product)}
              >
                <PlusIcon aria-hidden />
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
