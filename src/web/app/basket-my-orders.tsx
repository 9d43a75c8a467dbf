import { useSession } from '#web/features/account/hooks/use-session.ts'
import { ComingOrders } from '#web/features/orders/components/coming-orders.tsx'

/** My Orders in the basket drawer (docs/product.md#basket): the signed-in customer's coming orders. */
export default function BasketMyOrders({ onLeave }: { onLeave: () => void }) {
  const session = useSession()
  const signedIn = session.user !== null ? true : session.isPending ? null : false
  return <ComingOrders signedIn={signedIn} onLeave={onLeave} />
}
