import { orderNumber } from '#shared/domain/order-number.ts'
import { useQuery } from '@tanstack/react-query'
import { CircleCheckBigIcon, PackageIcon, SaladIcon, TruckIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import {
  DELIVERY_WINDOW,
  orderCutoffFor,
  formatDeliveryDateLong,
  formatEditDeadline,
} from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { paths } from '#shared/routes.ts'
import { CHECKOUT_MESSAGES } from '#shared/schemas/checkout.ts'
import { type Order } from '#shared/schemas/order.ts'
import { Button } from '#web/components/ui/button.tsx'
import { errorMessage } from '#web/lib/api-client.ts'
import { orderQueries } from '../api/create-order.ts'
import { isUnauthorized } from '../hooks/use-checkout-exits.ts'
import { AfterPaymentLinks, CheckoutPanel, Finalizing } from './checkout-panels.tsx'

const NEXT_STEPS = [
  {
    icon: PackageIcon,
    title: 'Order Processing',
    text: 'Our farmers harvest your order on Thursday and we pack it in our Houston kitchen on Friday.',
  },
  {
    icon: TruckIcon,
    title: 'Saturday Morning Delivery',
    text: `We deliver on Saturday, ${DELIVERY_WINDOW.label}, to the address you gave us.`,
  },
  {
    icon: SaladIcon,
    title: 'Enjoy Fresh Food',
    text: 'Unpack, refrigerate what needs it and enjoy food picked days, not weeks, ago.',
  },
] as const

/**
 * /order-success?payment_intent=… (docs/product.md#payments): 'Finalizing your order...' while the
 * order of this payment is fetched (made, if the checkout could not), then 'Order Confirmed!'.
 */
export function OrderSuccess({ paymentIntentId }: { paymentIntentId: string | null }) {
  const order = useQuery({
    ...orderQueries.forPayment(paymentIntentId ?? ''),
    enabled: paymentIntentId !== null,
  })

  if (paymentIntentId !== null && order.isPending) return <Finalizing />
  if (paymentIntentId !== null && order.isError) {
    const signedOut = isUnauthorized(order.error)
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <CheckoutPanel
          title={signedOut ? 'Please log in to see your order' : 'Order Processing Issue'}
          tone="problem"
          actions={
            signedOut ? (
              <Button asChild>
                <Link to="/login">Log in</Link>
              </Button>
            ) : (
              <AfterPaymentLinks />
            )
          }
        >
          {signedOut
            ? 'Your order is safe. Log in to see it in your order history.'
            : errorMessage(order.error, CHECKOUT_MESSAGES.orderProcessingIssue)}
        </CheckoutPanel>
      </div>
    )
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col items-center gap-3 text-center">
        <CircleCheckBigIcon className="size-14 text-leaf" aria-hidden />
        <h1 className="text-4xl font-semibold text-forest sm:text-5xl">Order Confirmed!</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          {order.data
            ? `Thank you, ${order.data.customerName}! We've sent a confirmation to ${order.data.customerEmail}.`
            : "Thank you for your order! We've sent you a confirmation e-mail."}
        </p>
      </div>
      {order.data ? <MovedNotice order={order.data} /> : null}
      {order.data ? <OrderFacts order={order.data} /> : null}
      <section aria-labelledby="next-steps-title" className="flex flex-col gap-4">
        <h2 id="next-steps-title" className="text-2xl font-semibold text-forest">
          What happens next
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {NEXT_STEPS.map(({ icon: Icon, title, text }, index) => (
            <li
              key={title}
              className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-5 shadow-sm"
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
                <span className="flex size-9 items-center justify-center rounded-full bg-accent text-forest">
                  <Icon className="size-5" aria-hidden />
                </span>
                Step {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        {order.data ? (
          <Button asChild size="lg">
            <Link to={paths.order(order.data.id)}>View or change this order</Link>
          </Button>
        ) : null}
        <Button asChild size="lg" variant={order.data ? 'outline' : 'default'}>
          <Link to="/order-history">View Order History</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/shop">Continue Shopping</Link>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  )
}

/**
 * An order made after the cut-off of the Saturday checkout showed goes to the next Saturday
 * (docs/product.md#payments): said plainly, with the new deadline to change it.
 */
function MovedNotice({ order }: { order: Order }) {
  const moved = order.history.find((event) => event.kind === 'moved')
  if (!moved) return null
  const delivery = new Date(order.deliveryDate)
  return (
    <div
      role="status"
      className="flex flex-col gap-1 rounded-2xl border border-butter bg-butter/20 p-5 text-charcoal"
    >
      <p className="text-lg font-semibold">Your order is for {formatDeliveryDateLong(delivery)}</p>
      <p>
        {moved.summary}. You can change or cancel it until{' '}
        {formatEditDeadline(orderCutoffFor(delivery))}.
      </p>
    </div>
  )
}

function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:grid-cols-3 sm:p-6">
      <div>
        <dt className="text-sm text-muted-foreground">Order number</dt>
        <dd className="font-mono text-lg font-semibold">{orderNumber(order.id)}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted-foreground">Total</dt>
        <dd className="text-lg font-semibold tabular-nums">{formatDecimalPrice(order.total)}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted-foreground">Delivery</dt>
        <dd className="font-semibold">
          {formatDeliveryDateLong(new Date(order.deliveryDate))}
          <span className="block text-sm font-normal text-muted-foreground">
            {DELIVERY_WINDOW.label}
          </span>
        </dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-sm text-muted-foreground">Delivering to</dt>
        <dd>{order.deliveryAddress}</dd>
      </div>
    </dl>
  )
}
