import { AlertTriangleIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { deliveryOfSaturday, formatDeliveryDate } from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { WeekSummary } from '#shared/schemas/week.ts'
import { AdminCount } from '#web/components/admin/list-states.tsx'

const money = (value: string) => formatDecimalPrice(value)

/** The Saturday at a glance, and the next weeks' totals so far (docs/product.md#the-week). */
export function WeekSummaryView({ summary }: { summary: WeekSummary }) {
  return (
    <section aria-labelledby="week-summary-title" className="flex flex-col gap-4">
      <h2 id="week-summary-title" className="text-xl font-semibold text-forest">
        At a glance
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <AdminCount value={summary.orders} label="orders" />
        <AdminCount value={summary.items} label="items" />
        <AdminCount value={summary.notPacked} label="not yet packed" />
        <AdminCount value={summary.notDelivered} label="not yet delivered" />
        <Amount value={money(summary.revenueCaptured)} label="revenue captured" />
        <Amount value={money(summary.refunds)} label="refunded" />
        <AdminCount value={summary.failedPayments.length} label="failed payments to chase" />
        {/* unpaid at the deadline: in none of the counts above, neither packed nor delivered */}
        <Amount
          value={`${summary.onHold.orders}, ${money(summary.onHold.total)}`}
          label="on hold, unpaid"
        />
      </div>
      {summary.failedPayments.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-xl border border-tomato/40 bg-card p-4">
          <h3 className="flex items-center gap-2 font-semibold text-tomato">
            <AlertTriangleIcon className="size-4" aria-hidden />
            Payments to chase
          </h3>
          <p className="text-sm">
            Payment pending: the customer may pay until Friday noon, when an order still unpaid goes
            on hold.
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {summary.failedPayments.map((order) => (
              <li key={order.orderId}>
                <Link
                  className="font-semibold text-forest underline"
                  to={`/admin?deliveryDate=${summary.saturday}`}
                >
                  {order.orderNumber}
                </Link>{' '}
                {order.customerName} · {money(order.total)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.weeklyQuantities.length > 0 ? (
        <WeeklyQuantities products={summary.weeklyQuantities} />
      ) : null}
      {summary.upcoming.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-forest">The next weeks so far (provisional)</h3>
          <ul className="grid gap-2 sm:grid-cols-3">
            {summary.upcoming.map((week) => (
              <li
                key={week.saturday}
                className="flex flex-col rounded-xl border border-border bg-card px-4 py-3 text-sm"
              >
                <Link
                  className="font-semibold text-forest underline"
                  to={`/admin/week/${week.saturday}`}
                >
                  {formatDeliveryDate(deliveryOfSaturday(week.saturday))}
                </Link>
                <span className="text-muted-foreground">
                  {week.orders} orders · {week.items} items · {money(week.total)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/** The limited products: each one's quantity for the Saturday, what is sold, what is left. */
function WeeklyQuantities({ products }: { products: WeekSummary['weeklyQuantities'] }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
      <h3 id="weekly-quantities-title" className="font-semibold text-forest">
        Weekly quantities
      </h3>
      <table className="w-full text-sm" aria-labelledby="weekly-quantities-title">
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              Product
            </th>
            {['Weekly quantity', 'Sold', 'Left'].map((heading) => (
              <th key={heading} scope="col" className="py-1.5 pl-2 text-right font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.productId} className="border-b border-border/60 last:border-0">
              <td className="py-1.5 pr-2">{product.name}</td>
              <td className="py-1.5 pl-2 text-right tabular-nums">{product.weeklyQuantity}</td>
              <td className="py-1.5 pl-2 text-right tabular-nums">{product.sold}</td>
              <td
                className={`py-1.5 pl-2 text-right font-semibold whitespace-nowrap tabular-nums ${product.left === 0 ? 'text-tomato' : ''}`}
              >
                {product.left === 0 ? 'Sold out' : product.left}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Amount({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col rounded-xl border border-border bg-card px-4 py-3">
      <span className="font-display text-2xl font-semibold text-forest tabular-nums">{value}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  )
}
