import { useQuery } from '@tanstack/react-query'
import { ShoppingBasketIcon } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import type { Order } from '#shared/schemas/order.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { myOrderQueries } from '../api/order-queries.ts'

/**
 * The customer's orders, with the states every orders page shares: 'Loading orders...', a
 * failure with a retry, and a session the server no longer knows (the page then asks the
 * visitor to log in).
 */
export function WithMyOrders({
  onSessionExpired,
  children,
}: {
  onSessionExpired: () => void
  children: (orders: Order[]) => ReactNode
}) {
  const orders = useQuery(myOrderQueries.list())
  const expired = orders.error instanceof ApiError && orders.error.status === 401
  useEffect(() => {
    if (expired) onSessionExpired()
  }, [expired, onSessionExpired])

  if (orders.isPending || expired) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading orders...
      </p>
    )
  }
  if (orders.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-muted-foreground">
          We couldn&apos;t load your orders just now. Please try again.
        </p>
        <Button variant="outline" onClick={() => void orders.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return children(orders.data)
}

/** 'No orders yet' and the way to the shop. */
export function NoOrdersYet({ title = 'No orders yet', text }: { title?: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-input bg-card px-6 py-14 text-center">
      <ShoppingBasketIcon className="size-12 text-sage" aria-hidden />
      <h2 className="text-2xl font-semibold text-forest">{title}</h2>
      <p className="max-w-md text-muted-foreground">{text}</p>
      <Button asChild size="lg">
        <Link to="/shop">Start Shopping</Link>
      </Button>
    </div>
  )
}
