import { useQuery } from '@tanstack/react-query'
import { PackageMinusIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { SHORT_REASON_LABELS, SHORT_REASONS, type ShortReason } from '#shared/schemas/shortfalls.ts'
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
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { itemShortPreview, useItemShort } from '../api/admin-order-money.ts'

/** The line an item short is made on: its order, its id, its name and how many are left of it. */
export interface ShortableItem {
  readonly orderId: string
  readonly itemId: string
  readonly name: string
  /** what is left of the line to short (sold less short already) */
  readonly left: number
}

/**
 * "Item short" on an order's line (docs/product.md#refunds): on the admin's order and on the
 * packing slip's screen. Hidden on paper.
 */
export function ItemShortButton({ item }: { item: ShortableItem }) {
  const [open, setOpen] = useState(false)
  if (item.left <= 0) return null
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="print:hidden"
        aria-label={`Item short: ${item.name}`}
        onClick={() => setOpen(true)}
      >
        <PackageMinusIcon aria-hidden />
        Item short
      </Button>
      {open ? <ItemShortDialog item={item} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

/**
 * How many and why; what it takes off, as the server prices it, shown before the staff
 * confirm (the server's amount is the one charged or refunded).
 */
export function ItemShortDialog({ item, onClose }: { item: ShortableItem; onClose: () => void }) {
  const id = useId()
  const [quantity, setQuantity] = useState(1)
  const [reason, setReason] = useState<ShortReason>('out_of_stock')
  const [refusal, setRefusal] = useState<string | null>(null)
  // one key per opening of the dialog: however often it is sent, one shortfall is made
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const preview = useQuery(itemShortPreview(item.orderId, item.itemId, quantity))
  const short = useItemShort()
  const amount = preview.data ? formatDecimalPrice(preview.data.amount) : null

  const confirm = () => {
    setRefusal(null)
    short.mutate(
      {
        orderId: item.orderId,
        itemId: item.itemId,
        input: { quantity, reason },
        idempotencyKey,
      },
      {
        onSuccess: (made) => {
          toast({
            title: 'Item Short',
            description: made.refund
              ? `${formatDecimalPrice(made.amount)} refunded to the customer's card.`
              : `${formatDecimalPrice(made.amount)} taken off the order.`,
          })
          onClose()
        },
        onError: (error) =>
          setRefusal(errorMessage(error, 'The item could not be marked short. Please try again.')),
      },
    )
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-md">
        <DialogHeader>
          <DialogTitle>Item short: {item.name}</DialogTitle>
          <DialogDescription>
            It comes off the order: before the card is charged the total is lowered, after it the
            amount is refunded. The customer gets one e-mail for the packing session.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            confirm()
          }}
        >
          {refusal ? (
            <p role="alert" className="rounded-lg bg-tomato/10 px-4 py-3 text-sm text-tomato">
              {refusal}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-quantity`}>How many are short</Label>
              <NativeSelect
                id={`${id}-quantity`}
                value={quantity}
                onChange={(event) => setQuantity(Number(event.target.value))}
              >
                {Array.from({ length: item.left }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count} of {item.left}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-reason`}>Reason</Label>
              <NativeSelect
                id={`${id}-reason`}
                value={reason}
                onChange={(event) => setReason(event.target.value as ShortReason)}
              >
                {SHORT_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {SHORT_REASON_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <p role="status" className="rounded-lg bg-muted px-4 py-3 text-sm">
            {preview.isError
              ? errorMessage(preview.error, 'The amount could not be worked out.')
              : amount
                ? `Takes ${amount} off the order, its share of any discount and tax included.`
                : 'Working out the amount...'}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!amount || short.isPending || preview.isFetching}>
              {short.isPending ? 'Saving...' : amount ? `Take ${amount} off` : 'Take off'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
