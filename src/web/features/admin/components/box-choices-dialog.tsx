import { useQuery } from '@tanstack/react-query'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BOX_CHOICE_LIST_MAX, CUSTOM_BOX_SIZE, isFarmBox } from '#shared/domain/farm-boxes.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { AdminProduct } from '#shared/schemas/product.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { adminProductQueries, boxChoicesQuery, useSaveBoxChoices } from '../api/admin-products.ts'

const SHOWN_MATCHES = 6

/**
 * A farm box's own list of items (docs/product.md#farm-boxes): what its builder offers, in this
 * order. The admin adds products found by name or farm, moves them up and down, and takes them
 * off; a list left empty lets the box offer the first products of its filling category.
 */
export function BoxChoicesDialog({ box, onClose }: { box: AdminProduct; onClose: () => void }) {
  const stored = useQuery(boxChoicesQuery(box.id))
  const products = useQuery(adminProductQueries.list({}))
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Items in the {box.name}</DialogTitle>
          <DialogDescription>
            What shoppers choose their {CUSTOM_BOX_SIZE} items from, in this order. Out-of-stock
            items stay on the list and are hidden until they are back.
          </DialogDescription>
        </DialogHeader>
        {stored.isPending || products.isPending ? (
          <p role="status" className="py-6 text-center text-muted-foreground">
            Loading the list...
          </p>
        ) : stored.isError || products.isError ? (
          <p role="alert" className="py-6 text-center text-destructive">
            The list could not be loaded. Please close this and try again.
          </p>
        ) : (
          <BoxChoicesEditor
            box={box}
            initial={stored.data.productIds}
            products={products.data}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function BoxChoicesEditor({
  box,
  initial,
  products,
  onClose,
}: {
  box: AdminProduct
  initial: readonly string[]
  products: readonly AdminProduct[]
  onClose: () => void
}) {
  const id = useId()
  const [list, setList] = useState<string[]>(() => [...initial])
  const [search, setSearch] = useState('')
  const save = useSaveBoxChoices(box.id)
  const byId = new Map(products.map((product) => [product.id, product]))
  const words = search.trim().toLowerCase()
  const matches = words
    ? products
        .filter((product) => !isFarmBox(product) && !list.includes(product.id))
        .filter(
          (product) =>
            product.name.toLowerCase().includes(words) ||
            product.farmSource.toLowerCase().includes(words),
        )
        .slice(0, SHOWN_MATCHES)
    : []
  const full = list.length >= BOX_CHOICE_LIST_MAX

  const move = (index: number, by: -1 | 1) =>
    setList((current) => {
      const next = [...current]
      const [item] = next.splice(index, 1)
      if (item !== undefined) next.splice(index + by, 0, item)
      return next
    })

  function submit() {
    save.mutate(list, {
      onSuccess: () => {
        toast({ title: `${box.name}: list saved`, description: `${list.length} items offered.` })
        onClose()
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The list was not saved',
          description: errorMessage(error, 'Please try again in a moment.'),
        }),
    })
  }

  return (
    <>
      {list.length === 0 ? (
        <p className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
          No list yet: the builder offers the first products of the box&apos;s category.
        </p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={`Items offered in the ${box.name}`}>
          {list.map((productId, index) => {
            const product = byId.get(productId)
            const name = product?.name ?? 'A product no longer in the shop'
            return (
              <li
                key={productId}
                className="flex items-center gap-2 rounded-lg border border-border bg-card px-3 py-2"
              >
                <span className="w-6 shrink-0 text-sm text-muted-foreground tabular-nums">
                  {index + 1}.
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold break-words">{name}</p>
                  {product ? (
                    <p className="text-xs text-muted-foreground">
                      {formatDecimalPrice(product.price)} · {product.stockCount} ·{' '}
                      {product.farmSource}
                      {product.inStock ? '' : ' · Out of stock'}
                    </p>
                  ) : null}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${name} down`}
                  disabled={index === list.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost-tomato"
                  size="icon"
                  aria-label={`Take ${name} off the list`}
                  onClick={() =>
                    setList((current) => current.filter((other) => other !== productId))
                  }
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            )
          })}
        </ol>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-search`}>Add an item</Label>
        <SearchInput
          id={`${id}-search`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Grapefruit, eggs, a farm…"
          autoComplete="off"
          disabled={full}
        />
        {full ? (
          <p className="text-sm text-muted-foreground">
            A box offers at most {BOX_CHOICE_LIST_MAX} items.
          </p>
        ) : words && matches.length === 0 ? (
          <p className="text-sm text-muted-foreground">No product matches “{search}”.</p>
        ) : matches.length > 0 ? (
          <ul className="flex flex-col gap-1" aria-label="Products to add">
            {matches.map((product) => (
              <li key={product.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-accent"
                  onClick={() => {
                    setList((current) => [...current, product.id])
                    setSearch('')
                  }}
                >
                  <PlusIcon className="size-4 shrink-0 text-forest" aria-hidden />
                  <span className="min-w-0 flex-1 break-words">
                    <span className="font-semibold">{product.name}</span>
                    <span className="text-muted-foreground"> · {product.farmSource}</span>
                  </span>
                  <span className="shrink-0 tabular-nums">{formatDecimalPrice(product.price)}</span>
                  <span className="sr-only">, add to the list</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save list'}
        </Button>
      </DialogFooter>
    </>
  )
}
