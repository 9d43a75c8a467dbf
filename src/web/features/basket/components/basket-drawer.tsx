import { CalendarDaysIcon, ShoppingBasketIcon, Trash2Icon, TruckIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import {
  cutoffMessage,
  editDeadlineFor,
  formatDeliveryDate,
  formatEditDeadline,
  nextDeliveryDate,
} from '#shared/domain/delivery.ts'
import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import { centsToDollars, formatCents } from '#shared/domain/money.ts'
import { percentWidth } from '#web/lib/percent.ts'
import {
  FREE_DELIVERY_THRESHOLD_CENTS,
  MAX_LINE_QUANTITY,
  MINIMUM_ORDER_CENTS,
  priceBasket,
} from '#shared/domain/pricing.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx'
import { useNow } from '#web/lib/use-now.ts'
import { basketSubtotal, lineKey, type BasketItem } from '../basket-lines.ts'
import { useBasket } from '../basket-provider.tsx'
import { couponDiscount, useAppliedCoupon } from '../coupon-store.ts'
import { PromoCodeForm } from './promo-code-form.tsx'

const QUANTITIES = Array.from({ length: MAX_LINE_QUANTITY }, (_, index) => index + 1)

/**
 * The basket drawer (docs/product.md#basket), on every page: lines, free-delivery meter, promo,
 * totals.
 */
export function BasketDrawer() {
  const basket = useBasket()
  const [view, setView] = useState<'cart' | 'orders'>('cart')
  const now = useNow()
  const coupon = useAppliedCoupon()
  const subtotal = basketSubtotal(basket.lines)
  const totals = priceBasket(subtotal, couponDiscount(coupon))
  const empty = basket.lines.length === 0
  const canCheckOut = !empty && totals.minimumOrderRemaining === 0
  const delivery = nextDeliveryDate(now)

  return (
    <Sheet
      open={basket.isOpen}
      onOpenChange={(open) => {
        basket.setOpen(open)
        if (!open) setView('cart')
      }}
    >
      <SheetContent className="w-[min(100%,28rem)]">
        <div className="border-b border-border px-5 pt-5 pb-3">
          <SheetTitle className="font-display text-2xl font-semibold text-forest">
            {view === 'cart' ? 'Your Cart' : 'My Orders'}
          </SheetTitle>
          <SheetDescription className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
            <CalendarDaysIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {cutoffMessage(now)}
          </SheetDescription>
          <div className="mt-3 flex gap-1 rounded-lg bg-muted p-1 text-sm font-semibold">
            {(['cart', 'orders'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={
                  view === option
                    ? 'flex-1 rounded-md bg-card px-3 py-1.5 text-forest shadow-xs'
                    : 'flex-1 rounded-md px-3 py-1.5 text-muted-foreground hover:text-foreground'
                }
              >
                {option === 'cart' ? `Cart (${basket.itemCount})` : 'My Orders'}
              </button>
            ))}
          </div>
        </div>

        {view === 'orders' ? (
          <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-5 py-5">
            <dl className="grid gap-3 rounded-xl border border-border p-4">
              <div>
                <dt className="text-sm text-muted-foreground">Next delivery</dt>
                <dd className="text-lg font-semibold">{formatDeliveryDate(delivery)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Items</dt>
                <dd className="text-lg font-semibold">{basket.itemCount}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Edit your order until</dt>
                <dd className="text-lg font-semibold">
                  {formatEditDeadline(editDeadlineFor(delivery))}
                </dd>
              </div>
            </dl>
            <div className="mt-auto flex flex-col gap-2">
              <CheckoutButton enabled={canCheckOut} onGo={() => basket.close()}>
                Continue to Delivery
              </CheckoutButton>
              <Button variant="outline" onClick={() => setView('cart')}>
                BACK TO CART
              </Button>
            </div>
          </div>
        ) : empty ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-5 py-10 text-center">
            <ShoppingBasketIcon className="size-12 text-sage" aria-hidden />
            <p className="text-lg font-semibold">Your cart is empty</p>
            <Button asChild variant="outline" onClick={() => basket.close()}>
              <Link to="/shop">Start shopping</Link>
            </Button>
          </div>
        ) : (
          <>
            <div className="flex-1 overflow-y-auto px-5 py-4">
              <FreeDeliveryMeter remaining={totals.freeDeliveryRemaining} />
              <ul
                className="mt-4 flex flex-col divide-y divide-border"
                aria-label="Items in your cart"
              >
                {basket.lines.map((line) => (
                  <BasketLine key={lineKey(line)} line={line} />
                ))}
              </ul>
            </div>
            <div className="flex flex-col gap-3 border-t border-border px-5 py-4">
              <PromoCodeForm subtotal={subtotal} />
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                <dt>Subtotal</dt>
                <dd className="text-right tabular-nums">{formatCents(totals.subtotal)}</dd>
                {totals.discount > 0 ? (
                  <>
                    <dt>Discount{coupon ? ` (${coupon.code})` : ''}</dt>
                    <dd className="text-right text-forest tabular-nums">
                      −{formatCents(totals.discount)}
                    </dd>
                  </>
                ) : null}
                <dt>Delivery</dt>
                <dd className="text-right tabular-nums">
                  {totals.deliveryFee === 0 ? 'Free' : formatCents(totals.deliveryFee)}
                </dd>
                <dt>Tax (8.25%)</dt>
                <dd className="text-right tabular-nums">{formatCents(totals.tax)}</dd>
                <dt className="pt-1 text-base font-semibold">Total</dt>
                <dd className="pt-1 text-right text-base font-semibold tabular-nums">
                  {formatCents(totals.total)}
                </dd>
              </dl>
              {totals.freeDeliveryRemaining > 0 ? (
                <p className="text-sm text-forest">
                  Add {formatCents(totals.freeDeliveryRemaining)} more for free delivery!
                </p>
              ) : null}
              {totals.minimumOrderRemaining > 0 ? (
                <p className="text-sm font-semibold text-destructive" id="minimum-order-note">
                  Our minimum order is {formatCents(MINIMUM_ORDER_CENTS)}. Add{' '}
                  {formatCents(totals.minimumOrderRemaining)} more to check out.
                </p>
              ) : null}
              <CheckoutButton enabled={canCheckOut} onGo={() => basket.close()}>
                Checkout · {formatCents(totals.total)}
              </CheckoutButton>
            </div>
          </>
        )}
        {view === 'cart' && empty ? (
          <div className="border-t border-border px-5 py-4">
            <CheckoutButton enabled={false} onGo={() => basket.close()}>
              Checkout
            </CheckoutButton>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  )
}

/** A link to /checkout when the basket can be paid for; otherwise a disabled, inert button. */
function CheckoutButton({
  enabled,
  onGo,
  children,
}: {
  enabled: boolean
  onGo: () => void
  children: React.ReactNode
}) {
  if (!enabled) {
    return (
      <Button size="lg" disabled className="w-full">
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

function FreeDeliveryMeter({ remaining }: { remaining: number }) {
  const reached = FREE_DELIVERY_THRESHOLD_CENTS - remaining
  return (
    <div className="rounded-lg bg-accent/70 px-3 py-2.5 text-sm text-accent-foreground">
      <p className="flex items-center gap-2 font-semibold">
        <TruckIcon className="size-4 shrink-0" aria-hidden />
        {remaining > 0
          ? `${formatCents(remaining)} away from free delivery`
          : "You've unlocked free delivery!"}
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-card"
        role="progressbar"
        aria-label="Progress to free delivery"
        aria-valuemin={0}
        aria-valuemax={centsToDollars(FREE_DELIVERY_THRESHOLD_CENTS)}
        aria-valuenow={centsToDollars(reached)}
        aria-valuetext={`${formatCents(reached)} of ${formatCents(FREE_DELIVERY_THRESHOLD_CENTS)}`}
      >
        <div
          className="h-full rounded-full bg-forest transition-[width]"
          style={{ width: percentWidth(reached, FREE_DELIVERY_THRESHOLD_CENTS) }}
        />
      </div>
    </div>
  )
}

function BasketLine({ line }: { line: BasketItem }) {
  const basket = useBasket()
  const selectId = useId()
  const key = lineKey(line)
  return (
    <li className="flex gap-3 py-3">
      <img
        src={line.image}
        alt=""
        className="size-16 shrink-0 rounded-lg bg-wheat object-cover"
        loading="lazy"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm leading-snug font-semibold">{line.name}</p>
        <p className="text-xs text-muted-foreground">{line.farmSource}</p>
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
      <p className="text-sm font-semibold tabular-nums">{formatCents(line.priceCents)}</p>
    </li>
  )
}
