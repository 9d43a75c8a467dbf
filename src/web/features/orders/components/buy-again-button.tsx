import { useQueryClient } from '@tanstack/react-query'
import { ShoppingBasketIcon } from 'lucide-react'
import { useState } from 'react'
import type { Order } from '#shared/schemas/order.ts'
import { Button } from '#web/components/ui/button.tsx'
import { orderNumber } from '#shared/domain/order-number.ts'
import { orderChangeQueries } from '../api/order-catalogue.ts'
import { basketFromOrder, buyAgainMessage, type AddToBasket } from '../buy-again.ts'

/**
 * "Add these items to my basket": the order's lines at today's prices, what cannot be had
 * skipped and named (docs/product.md#buy-again). The catalogue is read fresh at the click.
 */
export function BuyAgainButton({
  order,
  addToBasket,
}: {
  order: Pick<Order, 'id' | 'items'>
  addToBasket: AddToBasket
}) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null)

  const addAll = async () => {
    setBusy(true)
    setMessage(null)
    try {
      const products = await queryClient.fetchQuery({
        ...orderChangeQueries.catalogue(),
        staleTime: 0,
      })
      const { added, skipped } = basketFromOrder(order.items, products)
      addToBasket(added)
      setMessage({ text: buyAgainMessage(added.length, skipped), failed: false })
    } catch {
      setMessage({ text: 'The shop could not be reached. Please try again.', failed: true })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="outline"
        disabled={busy}
        onClick={() => void addAll()}
        aria-label={`Add these items to my basket (order ${orderNumber(order.id)})`}
      >
        <ShoppingBasketIcon aria-hidden />
        Add these items to my basket
      </Button>
      <p
        role="status"
        className={message?.failed ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
      >
        {message?.text}
      </p>
    </div>
  )
}
