import { CreditCardIcon, InfoIcon, LockIcon, TriangleAlertIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { formatDeliveryDate } from '#shared/domain/delivery.ts'
import { formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { FREE_DELIVERY_THRESHOLD_CENTS } from '#shared/domain/pricing.ts'
import { paths } from '#shared/routes.ts'
import type { CreatePaymentIntentResult, PaymentProviderName } from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import { SAVED_CARD_MESSAGES, type SavedCard } from '#shared/schemas/saved-cards.ts'
import { CardFields } from '#web/components/payments/card-fields.tsx'
import { PaymentAlert } from '#web/components/payments/payment-alert.tsx'
import { cardLabel } from '#web/components/payments/saved-cards.ts'
import type { ConfirmPayment } from '#web/components/payments/payment-outcome.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import type { JoinRefusal } from '../api/join-order.ts'
import type { CheckoutProblem } from '../hooks/use-complete-order.ts'
import { joinReturnPath } from '../pending-join.ts'

/** Where the basket goes: into the open order for its Saturday, or an order of its own. */
export type OrderChoice = 'add' | 'separate'

/** "$99": delivery is free from this subtotal */
const FREE_FROM = formatCents(FREE_DELIVERY_THRESHOLD_CENTS).replace(/\.00$/, '')

/**
 * Add to your Saturday order, or Make a separate order (docs/product.md#one-order-per-saturday):
 * offered when the customer already has an open order for the Saturday this checkout is for.
 * Adding is the default: one delivery and one fee. When the order cannot take the basket, the
 * reason is shown; a Saturday that closed leaves only the separate order.
 */
export function JoinChoice({
  idPrefix,
  order,
  choice,
  onChoose,
  newTotal,
  refusal,
  disabled,
}: {
  idPrefix: string
  order: Order
  choice: OrderChoice
  onChoose: (choice: OrderChoice) => void
  /** the order's new total with the basket in it, once the server has priced it */
  newTotal: string | undefined
  refusal: JoinRefusal | null
  disabled: boolean
}) {
  const legendId = `${idPrefix}-legend`
  const number = orderNumber(order.id)
  const addClosed = refusal !== null && refusal.kind !== 'box'
  return (
    <div className="flex flex-col gap-3">
      <fieldset
        role="radiogroup"
        aria-labelledby={legendId}
        className="flex flex-col gap-3"
        disabled={disabled}
      >
        <legend id={legendId} className="mb-3 text-sm font-semibold">
          You already have an order for {formatDeliveryDate(new Date(order.deliveryDate))}
        </legend>
        <ChoiceOption
          id={`${idPrefix}-add`}
          name={`${idPrefix}-choice`}
          checked={choice === 'add'}
          disabled={addClosed}
          onSelect={() => onChoose('add')}
          label={`Add to your Saturday order ${number}`}
        >
          {addClosed
            ? 'This order can no longer take more items.'
            : newTotal !== undefined
              ? `One delivery, one fee: your order's new total would be ${formatDecimalPrice(newTotal)} (delivery free from ${FREE_FROM}).`
              : `One delivery, one fee (delivery free from ${FREE_FROM}): working out your order's new total…`}
        </ChoiceOption>
        <ChoiceOption
          id={`${idPrefix}-separate`}
          name={`${idPrefix}-choice`}
          checked={choice === 'separate'}
          onSelect={() => onChoose('separate')}
          label="Make a separate order"
        >
          A second order of its own, with its own delivery fee under {FREE_FROM}.
        </ChoiceOption>
      </fieldset>
      {refusal ? (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-butter bg-butter/20 px-4 py-3 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-forest" aria-hidden />
          <div className="flex flex-col gap-1">
            <p className="font-medium">{refusal.message}</p>
            {refusal.kind === 'box' ? (
              <Link
                to={paths.order(order.id)}
                className="self-start font-semibold text-primary underline-offset-4 hover:underline"
              >
                Open order {number}
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  )
}

/** One choice: the whole card takes the tap, the words under the label describe it. */
function ChoiceOption({
  id,
  name,
  checked,
  disabled = false,
  onSelect,
  label,
  children,
}: {
  id: string
  name: string
  checked: boolean
  disabled?: boolean
  onSelect: () => void
  label: string
  children: ReactNode
}) {
  return (
    <div
      className={cn(
        'relative flex gap-3 rounded-xl border px-4 py-3.5 transition-colors',
        checked ? 'border-primary bg-accent/60' : 'border-border bg-card hover:bg-accent/30',
        disabled && 'opacity-60',
      )}
    >
      <input
        type="radio"
        id={id}
        name={name}
        value={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => {
          if (event.target.checked) onSelect()
        }}
        // above the label's box, so the radio itself takes its own taps
        className="relative z-10 size-5 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
      />
      <div className="flex min-w-0 flex-col gap-1">
        {/* the label's box covers the card, so a tap anywhere on it chooses */}
        <label
          htmlFor={id}
          className={cn(
            'text-sm leading-snug font-semibold after:absolute after:inset-0 after:rounded-xl',
            disabled ? 'cursor-not-allowed' : 'cursor-pointer',
          )}
        >
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {children}
        </p>
      </div>
    </div>
  )
}

/**
 * Paying for the basket added to the order: the newest saved card in the background, or the
 * card form for the order's new total. Either way the new total replaces the order's hold, and
 * the words and the button say so, so it does not read like a second charge.
 */
export function AddToOrderPayment({
  idPrefix,
  order,
  newTotal,
  savedCard,
  provider,
  publishableKey,
  payment,
  needsCard,
  checkingCards,
  card,
  onStripeReady,
  repriced,
  problem,
  canPay,
  processing,
}: {
  idPrefix: string
  order: Order
  newTotal: string | undefined
  savedCard: SavedCard | null
  provider: PaymentProviderName | undefined
  publishableKey: string | null | undefined
  /** the payment for the card form, once the server made one */
  payment: CreatePaymentIntentResult | null
  needsCard: boolean
  /** the saved cards are still being asked for: which way to pay is not known yet */
  checkingCards: boolean
  /** the demo provider's card fields */
  card: ReactNode
  onStripeReady: (confirm: ConfirmPayment | null) => void
  /** the new total the server gave when the one shown was out of date */
  repriced: string | null
  problem: CheckoutProblem | null
  canPay: boolean
  processing: boolean
}) {
  const amount = payment?.amount ?? newTotal
  const total = amount === undefined ? '…' : formatDecimalPrice(amount)
  const refusedCard = payment?.savedCard
  // Stripe's form needs the payment first: the button makes it, then the form shows
  const stripeFirst = provider === 'stripe' && needsCard && payment === null
  return (
    <div className="flex flex-col gap-5" id={`${idPrefix}-add-payment`}>
      {refusedCard ? (
        refusedCard.status === 'declined' ? (
          <PaymentAlert title="Saved card declined" message={refusedCard.message} />
        ) : (
          <p
            role="status"
            className="rounded-lg border border-butter bg-butter/20 px-4 py-3 text-sm font-medium"
          >
            {refusedCard.message}
          </p>
        )
      ) : null}
      {checkingCards && payment === null ? (
        <p role="status" className="text-sm text-muted-foreground">
          Checking your saved cards…
        </p>
      ) : (
        <>
          <p className="flex gap-3 rounded-lg bg-accent px-4 py-3 text-sm text-accent-foreground">
            {needsCard || !savedCard ? (
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-forest" aria-hidden />
            ) : (
              <CreditCardIcon className="mt-0.5 size-4 shrink-0 text-forest" aria-hidden />
            )}
            <span>
              {needsCard || !savedCard
                ? SAVED_CARD_MESSAGES.replacesHold(total)
                : `Your saved ${cardLabel(savedCard)} will be authorized for the new total of ${total}. This replaces the hold on your card for order ${orderNumber(order.id)}: it is not a second charge.`}
            </span>
          </p>
          {!needsCard ? null : stripeFirst ? (
            <p className="text-sm text-muted-foreground">
              Your card form opens once you continue; nothing is charged until you confirm it.
            </p>
          ) : (
            <CardFields
              provider={provider}
              stripe={
                provider === 'stripe' && payment && publishableKey
                  ? {
                      publishableKey,
                      clientSecret: payment.clientSecret,
                      returnPath: joinReturnPath(order.id),
                    }
                  : null
              }
              onStripeReady={onStripeReady}
              card={card}
            />
          )}
        </>
      )}
      {repriced ? (
        <p
          role="status"
          className="rounded-lg border border-butter bg-butter/20 px-4 py-3 text-sm font-medium"
        >
          Your order&apos;s new total has changed to {formatDecimalPrice(repriced)}. Please check it
          and confirm again.
        </p>
      ) : null}
      {problem ? <PaymentAlert {...problem} /> : null}
      <div className="flex flex-col gap-3 border-t border-border pt-5">
        <p className="flex items-baseline justify-between text-lg font-semibold">
          <span>New total</span>
          <span className="tabular-nums">{total}</span>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={!canPay || processing}>
          <LockIcon aria-hidden />
          {processing
            ? 'Processing...'
            : stripeFirst
              ? 'Continue to card details'
              : `Authorize ${total} instead`}
        </Button>
      </div>
    </div>
  )
}
