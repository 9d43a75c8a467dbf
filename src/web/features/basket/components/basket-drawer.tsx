import { CalendarDaysIcon, ShoppingBasketIcon, Trash2Icon, TruckIcon } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { cutoffMessage } from '#shared/domain/delivery.ts'
import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import { centsToDollars, formatCents } from '#shared/domain/money.ts'
import {
  FREE_DELIVERY_THRESHOLD_CENTS,
  MAX_LINE_QUANTITY,
  priceBasket,
  taxRateLabel,
} from '#shared/domain/pricing.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx'
import { percentWidth } from '#web/lib/percent.ts'
import { useNow } from '#web/lib/use-now.ts'
import { TaxableMark } from '#web/components/taxable-mark.tsx'
import {
  basketPricingLines,
  basketSubtotal,
  lineKey,
  productCount,
  type BasketItem,
} from '../basket-lines.ts'
import { useBasket } from '../basket-provider.tsx'
import { basketNote, linePrice, type BasketNote } from '../basket-summary.ts'
import { couponDiscount, useAppliedCoupon } from '../coupon-store.ts'
import { DeliveryZipCheck } from './delivery-zip-check.tsx'
import { PromoCodeForm } from './promo-code-form.tsx'

const QUANTITIES = Array.from({ length: MAX_LINE_QUANTITY }, (_, index) => index + 1)

/**
 * The basket drawer (docs/product.md#basket), on every page: the lines scroll, and a compact
 * summary (one note, the money, the checkout button) stays at the bottom; under the lines, the
 * "Delivering to ZIP" check; My Orders shows the customer's coming orders.
 */
export function BasketDrawer({
  myOrders,
  renderUnavailable,
}: {
  /** the My Orders view, given the way to close the drawer (the orders feature's, by the app) */
  myOrders: (close: () => void) => ReactNode
  /** the "tell me when you deliver" sign-up for a ZIP we do not serve (the app passes it) */
  renderUnavailable?: (zip: string) => ReactNode
}) {
  const basket = useBasket()
  const [view, setView] = useState<'cart' | 'orders'>('cart')
  const now = useNow()
  const empty = basket.lines.length === 0
  const zipCheck = (
    <div className="border-t border-border py-3">
      <DeliveryZipCheck renderUnavailable={renderUnavailable} />
    </div>
  )

  return (
    <Sheet
      open={basket.isOpen}
      onOpenChange={(open) => {
        basket.setOpen(open)
        if (!open) setView('cart')
      }}
    >
      <SheetContent width="w-[min(100%,28rem)]">
        <div className="border-b border-border px-5 pt-3 pb-2.5 sm:pt-4 sm:pb-3">
          <SheetTitle className="text-forest sm:text-2xl">
            {view === 'cart' ? 'Your Cart' : 'My Orders'}
          </SheetTitle>
          <SheetDescription className="mt-0.5 flex items-start gap-1.5">
            <CalendarDaysIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {cutoffMessage(now)}
          </SheetDescription>
          <div className="mt-2 flex gap-1 rounded-lg bg-muted p-1 text-sm font-semibold">
            {(['cart', 'orders'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={
                  view === option
                    ? 'flex-1 rounded-md bg-card px-3 py-1 text-forest shadow-xs sm:py-1.5'
                    : 'flex-1 rounded-md px-3 py-1 text-muted-foreground hover:text-foreground sm:py-1.5'
                }
              >
                {option === 'orders'
                  ? 'My Orders'
                  : empty
                    ? 'Cart'
                    : `Cart (${productCount(basket.lines)})`}
              </button>
            ))}
          </div>
        </div>

        {view === 'orders' ? (
          <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
            {myOrders(() => basket.close())}
            <Button variant="outline" className="mt-auto" onClick={() => setView('cart')}>
              Back to cart
            </Button>
          </div>
        ) : empty ? (
          <>
            <div className="flex flex-1 flex-col overflow-y-auto px-5">
              <div className="flex flex-1 flex-col items-center justify-center gap-4 py-10 text-center">
                <ShoppingBasketIcon className="size-12 text-sage" aria-hidden />
                <p className="text-lg font-semibold">Your cart is empty</p>
                <Button asChild variant="outline" onClick={() => basket.close()}>
                  <Link to="/shop">Start shopping</Link>
                </Button>
              </div>
              {zipCheck}
            </div>
            <div className="border-t border-border px-5 py-4">
              <CheckoutButton enabled={false} onGo={() => basket.close()}>
                Checkout
              </CheckoutButton>
            </div>
          </>
        ) : (
          <FilledBasket lines={basket.lines} zipCheck={zipCheck} onGo={() => basket.close()} />
        )}
      </SheetContent>
    </Sheet>
  )
}

function FilledBasket({
  lines,
  zipCheck,
  onGo,
}: {
  lines: readonly BasketItem[]
  /** the one-line ZIP check, right under the lines: the four a phone shows stay four */
  zipCheck: ReactNode
  onGo: () => void
}) {
  const coupon = useAppliedCoupon()
  const subtotal = basketSubtotal(lines)
  const totals = priceBasket(basketPricingLines(lines), couponDiscount(coupon))
  const note = basketNote(totals)
  const noteId = useId()
  return (
    <>
      <div className="flex-1 overflow-y-auto px-5">
        <ul className="flex flex-col divide-y divide-border" aria-label="Items in your cart">
          {lines.map((line) => (
            <BasketLine key={lineKey(line)} line={line} />
          ))}
        </ul>
        {zipCheck}
        <div className="border-t border-border py-4">
          <PromoCodeForm subtotal={subtotal} />
        </div>
      </div>
      <section
        aria-label="Cart summary"
        className="flex flex-col gap-2 border-t border-border bg-card px-5 pt-3 pb-4 shadow-[0_-6px_12px_-8px_rgb(0_0_0/0.15)]"
      >
        <SummaryNote note={note} id={noteId} />
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatCents(totals.subtotal)}</dd>
          {totals.discount > 0 ? (
            <>
              <dt className="text-xs leading-5 text-muted-foreground">
                Discount{coupon ? ` (${coupon.code})` : ''}
              </dt>
              <dd className="text-right text-xs leading-5 text-forest tabular-nums">
                −{formatCents(totals.discount)}
              </dd>
            </>
          ) : null}
          <dt className="text-xs leading-5 text-muted-foreground">Delivery</dt>
          <dd className="text-right text-xs leading-5 text-muted-foreground tabular-nums">
            {totals.deliveryFee === 0 ? 'Free' : formatCents(totals.deliveryFee)}
          </dd>
          <dt className="text-xs leading-5 text-muted-foreground">Tax ({taxRateLabel()})</dt>
          <dd className="text-right text-xs leading-5 text-muted-foreground tabular-nums">
            {formatCents(totals.tax)}
          </dd>
          <dt className="text-base font-semibold">Total</dt>
          <dd className="text-right text-base font-semibold tabular-nums">
            {formatCents(totals.total)}
          </dd>
        </dl>
        <CheckoutButton
          enabled={totals.minimumOrderRemaining === 0}
          onGo={onGo}
          describedBy={note.kind === 'minimum' ? noteId : undefined}
        >
          Checkout · {formatCents(totals.total)}
        </CheckoutButton>
      </section>
    </>
  )
}

/** The one note above the totals: the minimum, or free delivery with its meter. */
function SummaryNote({ note, id }: { note: BasketNote; id: string }) {
  if (note.kind === 'minimum') {
    return (
      <p id={id} className="text-sm font-semibold text-destructive">
        {note.text}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-1.5 text-sm text-forest">
      <p id={id} className="flex items-center gap-2 font-semibold">
        <TruckIcon className="size-4 shrink-0" aria-hidden />
        {note.text}
      </p>
      {note.kind === 'freeDelivery' ? (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Progress to free delivery"
          aria-valuemin={0}
          aria-valuemax={centsToDollars(FREE_DELIVERY_THRESHOLD_CENTS)}
          aria-valuenow={centsToDollars(note.reached)}
          aria-valuetext={`${formatCents(note.reached)} of ${formatCents(FREE_DELIVERY_THRESHOLD_CENTS)}`}
        >
          <div
            className="h-full rounded-full bg-forest transition-[width]"
            style={{ width: percentWidth(note.reached, FREE_DELIVERY_THRESHOLD_CENTS) }}
          />
        </div>
      ) : null}
    </div>
  )
}

/** A link to /checkout when the basket can be paid for; otherwise a disabled, inert button. */
function CheckoutButton({
  enabled,
  onGo,
  describedBy,
  children,
}: {
  enabled: boolean
  onGo: () => void
  /** the note that says why it is disabled */
  describedBy?: string
  children: React.ReactNode
}) {
  if (!enabled) {
    return (
      <Button size="lg" disabled aria-describedby={describedBy} className="w-full">
        {children}
      </Button>
    )
  }
  return (
    <Button asChild size="lg" className="w-full">
      <Link to="/checkout" onClick={onGo}>
        {children}
      </Link>
    </Button>
  )
}

function BasketLine({ line }: { line: BasketItem }) {
  const basket = useBasket()
  const selectId = useId()
  const key = lineKey(line)
  const price = linePrice(line)
  return (
    <li className="flex gap-3 py-2.5">
      <img
        src={line.image}
        alt=""
        className="size-14 shrink-0 rounded-lg bg-wheat object-cover"
        loading="lazy"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-start justify-between gap-3">
          <p className="text-sm leading-snug font-semibold">
            {line.name}
            {line.taxable ? <TaxableMark /> : null}
          </p>
          <p className="shrink-0 text-sm leading-snug font-semibold tabular-nums">
            {formatCents(price.total)}
          </p>
        </div>
        <div className="flex items-start justify-between gap-3 text-xs text-muted-foreground">
          <p className="min-w-0 truncate">{line.farmSource}</p>
          {price.breakdown ? <p className="shrink-0 tabular-nums">{price.breakdown}</p> : null}
        </div>
        {line.customSelections && line.customSelections.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            Your choice of {line.customSelections.length} items
          </p>
        ) : isFarmersChoice(line) ? (
          <p className="text-xs text-muted-foreground">{FARMERS_CHOICE}</p>
        ) : null}
        <div className="mt-1 flex items-center gap-3">
          <label htmlFor={selectId} className="sr-only">
            Quantity of {line.name}
          </label>
          <select
            id={selectId}
            value={line.quantity}
            onChange={(event) => basket.updateQuantity(key, Number(event.target.value))}
            className="h-8 rounded-md border border-input bg-card px-2 text-sm"
          >
            {QUANTITIES.map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => basket.remove(key)}
            className="flex items-center gap-1 text-xs font-semibold text-muted-foreground hover:text-destructive"
          >
            <Trash2Icon className="size-3.5" aria-hidden />
            Remove<span className="sr-only"> {line.name}</span>
          </button>
        </div>
      </div>
    </li>
  )
}
