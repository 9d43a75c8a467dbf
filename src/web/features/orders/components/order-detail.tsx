import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  ArrowLeftIcon,
  CalendarDaysIcon,
  CircleCheckBigIcon,
  ClockIcon,
  LockIcon,
  TriangleAlertIcon,
  XCircleIcon,
} from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import { decimalToCents, formatDecimalPrice } from '#shared/domain/money.ts'
import type { Order, OrderConflict } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { PAYMENT_STATE_LABELS } from '#shared/schemas/order-status.ts'
import {
  OrderBlock,
  OrderLines,
  OrderTotals,
  formatPlacedDate,
} from '#web/components/order-parts.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { useNow } from '#web/lib/use-now.ts'
import { payAgain } from '../api/order-payments.ts'
import { DeliveryFacts } from './order-facts.tsx'
import { myOrderQueries } from '../api/order-queries.ts'
import { useBankReturn } from '../hooks/use-bank-return.ts'
import {
  canPayAgain,
  changeUntilText,
  changesClosedText,
  orderStanding,
  payAgainText,
} from '../order-standing.ts'
import { CancelOrderButton } from './cancel-order-button.tsx'
import { OrderChangeForm } from './order-change-form.tsx'
import type { AddToBasket } from '../buy-again.ts'
import { BuyAgainButton } from './buy-again-button.tsx'
import { OrderPaymentStep, type OrderPaymentPurpose } from './order-payment-step.tsx'
import { OrderStandingBadge } from './order-standing-badge.tsx'
import { OrderHistoryList, OrderRefundList } from './order-timeline.tsx'

/**
 * /orders/:id (docs/product.md#order-changes): one order with its items, figures, delivery,
 * history and refunds. Until the cut-off it can be changed (a higher total asks for the card)
 * or cancelled; after it, the page says so and how to reach the shop. A declined capture can be
 * paid with another card until its deadline.
 */
export function OrderDetail({
  orderId,
  onSessionExpired,
  addToBasket,
}: {
  orderId: string
  onSessionExpired: () => void
  addToBasket: AddToBasket
}) {
  const order = useQuery({ ...myOrderQueries.detail(orderId), retry: false })
  const expired = order.error instanceof ApiError && order.error.status === 401
  useEffect(() => {
    if (expired) onSessionExpired()
  }, [expired, onSessionExpired])

  if (order.isPending || expired) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading your order...
      </p>
    )
  }
  if (order.isError) {
    const missing =
      order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400)
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-muted-foreground">
          {missing
            ? 'We could not find this order in your account.'
            : "We couldn't load this order just now. Please try again."}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {missing ? null : (
            <Button variant="outline" onClick={() => void order.refetch()}>
              Try again
            </Button>
          )}
          <Button asChild>
            <Link to="/order-history">Your orders</Link>
          </Button>
        </div>
      </div>
    )
  }
  return (
    <OrderView order={order.data} onSessionExpired={onSessionExpired} addToBasket={addToBasket} />
  )
}

type Notice =
  | { tone: 'success'; title: string; message: string }
  | { tone: 'problem'; title: string; message: string }

function OrderView({
  order,
  onSessionExpired,
  addToBasket,
}: {
  order: Order
  onSessionExpired: () => void
  addToBasket: AddToBasket
}) {
  const queryClient = useQueryClient()
  const now = useNow()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [payment, setPayment] = useState<{
    payment: PaymentRequired['paymentRequired']
    purpose: OrderPaymentPurpose
  } | null>(null)

  /** the server's order is the truth: the page and the lists show it from now on */
  function take(next: Order) {
    queryClient.setQueryData(myOrderQueries.detail(next.id).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: myOrderQueries.all(), exact: true })
  }
  function saved(next: Order, title = 'Order updated') {
    take(next)
    setPayment(null)
    setNotice({
      tone: 'success',
      title,
      message: `Your order's total is now ${formatDecimalPrice(next.total)}. We've e-mailed you the details.`,
    })
  }
  function conflict({ message, order: current }: OrderConflict) {
    take(current)
    setPayment(null)
    setNotice({ tone: 'problem', title: 'Your change was not saved', message })
  }

  const bankReturn = useBankReturn(order.id, {
    onPaid: (next) => saved(next, 'Payment confirmed'),
    onSessionExpired,
  })
  const [returnDismissed, setReturnDismissed] = useState(false)

  const pay = useMutation({
    mutationFn: () => payAgain(order.id),
    onSuccess: ({ paymentRequired }) => {
      setNotice(null)
      setPayment({ payment: paymentRequired, purpose: 'payAgain' })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired()
      setNotice({
        tone: 'problem',
        title: 'We could not start the payment',
        message: errorMessage(error, 'Please try again in a moment.'),
      })
    },
  })

  const standing = orderStanding(order, now)
  const cancelled = order.status === 'cancelled'
  const changeable = order.editable && !cancelled && order.paymentStatus !== 'payment_failed'

  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/order-history"
        className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        All your orders
      </Link>

      <OrderHeadline order={order} standing={<OrderStandingBadge standing={standing} />} />

      {cancelled ? (
        <Banner tone="muted" icon={<XCircleIcon aria-hidden />} title="Cancelled">
          {standing.note}
        </Banner>
      ) : order.paymentStatus === 'payment_failed' ? (
        canPayAgain(order, now) && order.payAgainUntil ? (
          <Banner
            tone="problem"
            icon={<TriangleAlertIcon aria-hidden />}
            title={order.status === 'on_hold' ? 'On hold' : 'Payment failed'}
          >
            {/* on hold: not packed until paid, until packing stops (docs/product.md#order-payments) */}
            <p>
              {order.status === 'on_hold' ? standing.note : `${payAgainText(order.payAgainUntil)}.`}
            </p>
            {payment ? null : (
              <Button className="mt-3" onClick={() => pay.mutate()} disabled={pay.isPending}>
                {pay.isPending
                  ? 'Preparing payment...'
                  : order.status === 'on_hold'
                    ? 'Pay now'
                    : 'Pay with another card'}
              </Button>
            )}
          </Banner>
        ) : (
          <Banner tone="problem" icon={<TriangleAlertIcon aria-hidden />} title="Payment failed">
            Your card was declined and the time to pay online has passed.{' '}
            <ContactLink>Contact us</ContactLink> and we will sort it out.
          </Banner>
        )
      ) : order.editable ? (
        <Banner tone="active" icon={<ClockIcon aria-hidden />} title="Open for changes">
          {changeUntilText(order)}.
        </Banner>
      ) : (
        <Banner tone="muted" icon={<LockIcon aria-hidden />} title="Locked">
          {changesClosedText(order)} — <ContactLink>contact us</ContactLink> if something needs to
          change.
        </Banner>
      )}

      {bankReturn.confirming ? (
        <p role="status" className="rounded-lg bg-accent px-4 py-3 text-accent-foreground">
          Confirming your payment...
        </p>
      ) : null}
      {bankReturn.problem && !returnDismissed ? (
        <NoticeBox
          notice={{ tone: 'problem', title: 'Payment Failed', message: bankReturn.problem }}
          onDismiss={() => setReturnDismissed(true)}
        />
      ) : null}
      {notice ? <NoticeBox notice={notice} onDismiss={() => setNotice(null)} /> : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside
          className="flex min-w-0 flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6 lg:col-start-2 lg:row-start-1"
          aria-label="Order summary"
        >
          <OrderBlock title="Summary">
            <OrderTotals order={order} />
          </OrderBlock>
          <OrderBlock title="Payment">
            <PaymentFacts order={order} />
          </OrderBlock>
          <OrderBlock title="Delivery">
            <DeliveryFacts order={order} withPhone />
          </OrderBlock>
          <OrderBlock title="Delivery instructions">
            <p className="text-sm break-words whitespace-pre-line">
              {order.specialInstructions ?? <span className="text-muted-foreground">None</span>}
            </p>
          </OrderBlock>
          {changeable && !payment ? (
            <CancelOrderButton
              order={order}
              onCancelled={(next) => {
                take(next)
                setNotice({
                  tone: 'success',
                  title: 'Order cancelled',
                  message: orderStanding(next, now).note ?? 'Your order is cancelled.',
                })
              }}
              onConflict={conflict}
              onSessionExpired={onSessionExpired}
            />
          ) : null}
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          {payment ? (
            <OrderPaymentStep
              order={order}
              payment={payment.payment}
              purpose={payment.purpose}
              onPaid={(next) =>
                saved(next, payment.purpose === 'change' ? 'Order updated' : 'Payment received')
              }
              onSessionExpired={onSessionExpired}
              onBack={() => setPayment(null)}
            />
          ) : changeable ? (
            <OrderChangeForm
              key={order.version}
              order={order}
              onSaved={(next) => saved(next)}
              onPaymentRequired={(required) => {
                setNotice(null)
                setPayment({ payment: required, purpose: 'change' })
              }}
              onConflict={conflict}
              onSessionExpired={onSessionExpired}
            />
          ) : (
            <Card title="Items">
              <OrderLines items={order.items} />
            </Card>
          )}
          <BuyAgainButton order={order} addToBasket={addToBasket} />
          <Card title="History">
            <OrderHistoryList events={order.history} />
          </Card>
          {order.refunds.length > 0 ? (
            <Card title="Refunds">
              <OrderRefundList refunds={order.refunds} />
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function OrderHeadline({ order, standing }: { order: Order; standing: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
      {standing}
      <span className="font-semibold text-foreground">
        {PAYMENT_STATE_LABELS[order.paymentStatus]}
      </span>
      <span className="flex items-center gap-1.5">
        <CalendarDaysIcon className="size-4" aria-hidden />
        Delivery {formatDeliveryDateLong(new Date(order.deliveryDate))}
      </span>
      <span>Placed {formatPlacedDate(order.createdAt)}</span>
    </div>
  )
}

/** What the card authorised, what was charged and what was given back, in words. */
function PaymentFacts({ order }: { order: Order }) {
  const rows: Array<[string, string]> = [['Status', PAYMENT_STATE_LABELS[order.paymentStatus]]]
  if (decimalToCents(order.authorizedAmount) > 0) {
    rows.push(['Authorized', formatDecimalPrice(order.authorizedAmount)])
  }
  if (decimalToCents(order.capturedAmount) > 0) {
    rows.push(['Charged', formatDecimalPrice(order.capturedAmount)])
  }
  if (decimalToCents(order.refundedAmount) > 0) {
    rows.push(['Refunded', formatDecimalPrice(order.refundedAmount)])
  }
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 text-xl font-semibold text-forest">{title}</h2>
      {children}
    </section>
  )
}

const BANNER_TONES = {
  active: 'border-sage bg-accent text-accent-foreground',
  muted: 'border-border bg-muted text-foreground',
  problem: 'border-destructive/40 bg-destructive/5 text-foreground',
} as const

function Banner({
  tone,
  icon,
  title,
  children,
}: {
  tone: keyof typeof BANNER_TONES
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    <section
      aria-label={title}
      className={cn('flex gap-3 rounded-2xl border px-5 py-4', BANNER_TONES[tone])}
    >
      <span
        className={cn(
          'mt-0.5 shrink-0 [&_svg]:size-5',
          tone === 'problem' ? 'text-destructive' : 'text-forest',
        )}
      >
        {icon}
      </span>
      <div className="text-sm sm:text-base">{children}</div>
    </section>
  )
}

function NoticeBox({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const success = notice.tone === 'success'
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-3 rounded-2xl border px-5 py-4',
        success ? 'border-sage bg-accent' : 'border-destructive/40 bg-destructive/5',
      )}
    >
      {success ? (
        <CircleCheckBigIcon className="mt-0.5 size-5 shrink-0 text-forest" aria-hidden />
      ) : (
        <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      )}
      <div className="flex-1">
        <p className={cn('font-semibold', success ? 'text-forest' : 'text-destructive')}>
          {notice.title}
        </p>
        <p className="text-sm">{notice.message}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  )
}

function ContactLink({ children }: { children: ReactNode }) {
  return (
    <Link
      to="/contact?subject=order"
      className="font-semibold text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  )
}
