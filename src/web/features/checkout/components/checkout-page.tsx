import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarDaysIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from '#web/lib/router.tsx'
import {
  chicagoDayOf,
  DELIVERY_WINDOW,
  formatDeliveryDate,
  nextDeliveryDate,
} from '#shared/domain/delivery.ts'
import { centsToDecimal, formatDecimalPrice } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { paths } from '#shared/routes.ts'
import type { User } from '#shared/schemas/auth.ts'
import { CHECKOUT_MESSAGES, type AmountMismatch } from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import { DeliveryFields, useDeliveryForm } from '#web/components/delivery-fields.tsx'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { DemoCardFields, useDemoCardForm } from '#web/components/payments/demo-card-fields.tsx'
import { SpecialInstructionsField } from '#web/components/special-instructions-field.tsx'
import { paymentQueries } from '#web/components/payments/payment-config.ts'
import { savedCardQueries } from '#web/components/payments/saved-cards.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { useNow } from '#web/lib/use-now.ts'
import { paymentIntentQueries } from '../api/create-payment-intent.ts'
import {
  joinQuoteQueries,
  joinRefusalOf,
  openOrderQueries,
  type JoinRefusal,
} from '../api/join-order.ts'
import {
  basketKey,
  toCheckoutItems,
  totalsFromBasket,
  type CheckoutBasket,
  type CheckoutSession,
} from '../checkout-basket.ts'
import { isUnauthorized, useCheckoutExits } from '../hooks/use-checkout-exits.ts'
import { useCompleteOrder, type CheckoutProblem } from '../hooks/use-complete-order.ts'
import { useJoinOrder } from '../hooks/use-join-order.ts'
import { AfterPaymentLinks, CheckoutPanel, Finalizing } from './checkout-panels.tsx'
import { OrderSummary } from './order-summary.tsx'
import { TitledSection } from '#web/components/titled-section.tsx'
import { AddToOrderPayment, JoinChoice, type OrderChoice } from './join-choice.tsx'
import { PaymentFields, SaveCardChoice, SetupFailure } from './payment-section.tsx'

/** What the payment is made with besides the basket: a change to either needs a new payment. */
interface PaymentChoices {
  instructions: string
  saveCard: boolean
}

/**
 * /checkout (docs/product.md#payments): an empty basket goes back to the shop, a visitor without a
 * session to the log-in page ('Quick Stop!'); otherwise the order summary, the delivery address and
 * the payment form. Coming back from a failed bank check says so and starts over.
 */
export function CheckoutPage({
  basket,
  session,
  failedReturn,
}: {
  basket: CheckoutBasket
  session: CheckoutSession
  /** back from the bank's page with redirect_status=failed */
  failedReturn: boolean
}) {
  const exits = useCheckoutExits(session)
  const [, setSearchParams] = useSearchParams()
  const [returnProblem] = useState<CheckoutProblem | null>(() =>
    failedReturn
      ? { title: CHECKOUT_MESSAGES.paymentFailed, message: CHECKOUT_MESSAGES.paymentNotCompleted }
      : null,
  )
  const empty = basket.lines.length === 0

  useEffect(() => {
    if (!failedReturn) return
    toast({
      variant: 'destructive',
      title: CHECKOUT_MESSAGES.paymentFailed,
      description: CHECKOUT_MESSAGES.paymentNotCompleted,
    })
    // the basket is as it was; the address bar goes back to plain /checkout
    setSearchParams({}, { replace: true })
  }, [failedReturn, setSearchParams])

  useEffect(() => {
    if (failedReturn) return
    if (empty) exits.toShop()
    else if (!session.isPending && !session.user) exits.signInFirst()
  }, [failedReturn, empty, session.isPending, session.user, exits])

  if (empty || !session.user) {
    return (
      <p role="status" className="min-h-[60vh] py-24 text-center text-muted-foreground">
        Loading checkout…
      </p>
    )
  }
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <PageHeader
        title="Checkout"
        intro="Check your order, tell us where to leave it, and it's on its way Saturday."
        spacing="py-8 sm:py-10"
      />
      <CheckoutForm
        key={session.user.id}
        user={session.user}
        basket={basket}
        exits={exits}
        initialProblem={returnProblem}
      />
    </div>
  )
}

function CheckoutForm({
  user,
  basket,
  exits,
  initialProblem,
}: {
  user: User
  basket: CheckoutBasket
  exits: ReturnType<typeof useCheckoutExits>
  initialProblem: CheckoutProblem | null
}) {
  const idPrefix = useId()
  const now = useNow()
  const deliveryForm = useDeliveryForm(user)
  const cardForm = useDemoCardForm(user.deliveryZip)
  const { lines, estimate, promoCode } = basket
  const queryClient = useQueryClient()
  // the delivery instructions as typed, and as the current payment was made with: the server
  // keeps them with the checkout it prices (docs/product.md#order-changes)
  const [instructions, setInstructions] = useState('')
  // keep the card for later changes (docs/product.md#saved-cards): the payment is made with the
  // choice, so like the instructions it is ticked here and sent with the payment
  const [saveCard, setSaveCard] = useState(true)
  const [sent, setSent] = useState<PaymentChoices>({ instructions: '', saveCard: true })

  // One order per Saturday (docs/product.md#one-order-per-saturday): an open order for the
  // Saturday this checkout is for is offered first, and adding to it is the default. Until the
  // order is known no payment is made: a checkout holds its limited products, which the order's
  // own change would then count against the customer.
  const saturday = chicagoDayOf(nextDeliveryDate(now))
  const open = useQuery(openOrderQueries.forSaturday(saturday))
  const openOrder = open.data ?? null
  const [choice, setChoice] = useState<OrderChoice>('add')
  const [payRefusal, setPayRefusal] = useState<(JoinRefusal & { orderId: string }) | null>(null)
  const key = basketKey(lines, promoCode)
  const quoteOptions = joinQuoteQueries.forBasket({
    orderId: openOrder?.id ?? '',
    key,
    items: toCheckoutItems(lines),
    onPrices: (figures) => basket.takePrices(figures.items),
  })
  const quote = useQuery({ ...quoteOptions, enabled: openOrder !== null })
  const refusal =
    (payRefusal?.orderId === openOrder?.id ? payRefusal : null) ??
    joinRefusalOf(quote.error) ??
    null
  // a Saturday that closed, or an order that cannot change any more, leaves the separate order
  const addable = openOrder !== null && (refusal === null || refusal.kind === 'box')
  const adding = addable && choice === 'add'
  const lookedUp = !open.isPending
  const cards = useQuery({ ...savedCardQueries.list(), enabled: adding })
  const savedCard = cards.data?.[0] ?? null

  const config = useQuery(paymentQueries.config())
  const intentFor = (choices: PaymentChoices) =>
    paymentIntentQueries.forBasket({
      key: `${key}|${choices.instructions}|${choices.saveCard ? 'save' : ''}`,
      input: {
        amount: centsToDecimal(estimate.total),
        items: toCheckoutItems(lines),
        promoCode,
        ...(choices.instructions ? { specialInstructions: choices.instructions } : {}),
        ...(choices.saveCard ? { savePaymentMethod: true } : {}),
      },
      onPriceChange: (change) => basket.takePrices(change.items),
    })
  const intent = useQuery({ ...intentFor(sent), enabled: lookedUp && !adding })
  const order = useCompleteOrder({
    basket,
    deliveryForm,
    cardForm,
    onSessionExpired: exits.sessionExpired,
    onOrderSaved: exits.orderSaved,
    initialProblem,
  })
  const provider = config.data?.provider
  const join = useJoinOrder({
    order: openOrder,
    basket,
    basketKey: key,
    newTotal: quote.data?.totals.total,
    savedCard,
    provider,
    cardForm,
    onNewTotals: (figures: AmountMismatch) => {
      queryClient.setQueryData(quoteOptions.queryKey, figures)
      basket.takePrices(figures.items)
    },
    onRefused: (why) => {
      if (!openOrder) return
      setPayRefusal({ ...why, orderId: openOrder.id })
      toast({ variant: 'destructive', title: 'Not added to your order', description: why.message })
    },
    onSessionExpired: exits.sessionExpired,
    onOrderSaved: exits.orderSaved,
    initialProblem,
  })

  const unauthorized = [intent.error, open.error, quote.error, cards.error].some(isUnauthorized)
  useEffect(() => {
    if (unauthorized) exits.sessionExpired()
  }, [unauthorized, exits])

  if (order.phase === 'saving' || order.phase === 'done' || join.phase === 'done') {
    return <Finalizing />
  }
  if (order.phase === 'saveFailed') {
    return (
      <CheckoutPanel title="Order Save Error" tone="problem" actions={<AfterPaymentLinks />}>
        {CHECKOUT_MESSAGES.orderSaveError}
      </CheckoutPanel>
    )
  }

  const payment = intent.data && !intent.isPlaceholderData ? intent.data.intent : undefined
  const basketTotals = totalsFromBasket(estimate, promoCode ?? null)
  const totals = adding ? (quote.data?.totals ?? basketTotals) : (payment?.totals ?? basketTotals)
  const deliveryDate =
    adding && openOrder
      ? new Date(openOrder.deliveryDate)
      : payment
        ? new Date(payment.deliveryDate)
        : nextDeliveryDate(now)
  const ready = payment !== undefined && !intent.isFetching && provider !== undefined
  const processing = order.phase === 'paying' || join.phase === 'paying'
  const setupError =
    config.error ?? (intent.isError && !isUnauthorized(intent.error) ? intent.error : null)
  // the order's new total could not be worked out, for a reason other than the order's own
  const quoteError =
    quote.isError && !isUnauthorized(quote.error) && !joinRefusalOf(quote.error)
      ? quote.error
      : null
  const priceChange = adding ? undefined : intent.data?.priceChange
  const canJoin =
    adding &&
    refusal === null &&
    quote.data !== undefined &&
    !quote.isFetching &&
    provider !== undefined &&
    !cards.isPending

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <OrderSummary
        lines={lines}
        totals={totals}
        provisional={adding ? !quote.data && !quote.isError : !payment && !setupError}
        productName={basket.productName}
        joining={adding && openOrder ? openOrder : undefined}
        className="lg:sticky lg:top-32 lg:order-2"
      />
      <form
        noValidate
        aria-label="Checkout"
        className="flex flex-col gap-8 lg:order-1"
        onSubmit={(event) => {
          event.preventDefault()
          if (adding) return void join.submit()
          const chosen = { instructions: instructions.trim(), saveCard }
          void order.completeOrder(ready ? payment : undefined, async () => {
            // the demo card pays whichever payment it is given, so new instructions (or a new
            // choice to keep the card) get a new payment made with them; Stripe's form is bound
            // to its payment, which took them when they changed (onBlur and onChange below)
            const same = chosen.instructions === sent.instructions && saveCard === sent.saveCard
            if (same || provider !== 'demo' || !payment) {
              return payment as NonNullable<typeof payment>
            }
            const fresh = await queryClient.fetchQuery(intentFor(chosen))
            setSent(chosen)
            return fresh.intent
          })
        }}
      >
        {priceChange ? (
          <p
            role="status"
            className="rounded-lg border border-butter bg-butter/20 px-4 py-3 text-sm font-medium"
          >
            {priceChange.message || CHECKOUT_MESSAGES.amountChanged} Your new total is{' '}
            {formatDecimalPrice(priceChange.totals.total)}.
          </p>
        ) : null}
        <TitledSection title="Delivery address" titleId={`${idPrefix}-delivery`}>
          <p className="mb-5 flex items-start gap-2 rounded-lg bg-accent px-4 py-3 text-sm text-accent-foreground">
            <CalendarDaysIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Delivery:{' '}
              <strong className="font-semibold">
                {formatDeliveryDate(deliveryDate)}, {DELIVERY_WINDOW.label}
              </strong>
            </span>
          </p>
          {adding && openOrder ? (
            <JoinedDelivery order={openOrder} />
          ) : (
            <>
              <DeliveryFields form={deliveryForm} idPrefix={`${idPrefix}-delivery`} />
              <SpecialInstructionsField
                controlId={`${idPrefix}-instructions`}
                className="mt-5"
                value={instructions}
                onChange={(event) => setInstructions(event.target.value)}
                onBlur={() => {
                  if (provider === 'stripe') setSent({ ...sent, instructions: instructions.trim() })
                }}
              />
            </>
          )}
        </TitledSection>

        <TitledSection title="Payment" titleId={`${idPrefix}-payment`}>
          {!lookedUp ? (
            <p role="status" className="text-muted-foreground">
              Loading payment form…
            </p>
          ) : (
            <div className="flex flex-col gap-6">
              {openOrder ? (
                <JoinChoice
                  idPrefix={`${idPrefix}-join`}
                  order={openOrder}
                  choice={adding ? 'add' : 'separate'}
                  onChoose={setChoice}
                  newTotal={quote.data?.totals.total}
                  refusal={refusal}
                  disabled={processing}
                />
              ) : null}
              {adding && openOrder ? (
                // a box the order holds already: the choice says why, and offers the other way
                refusal ? null : quoteError ? (
                  <SetupFailure error={quoteError} onRetry={() => void quote.refetch()} />
                ) : (
                  <AddToOrderPayment
                    idPrefix={idPrefix}
                    order={openOrder}
                    newTotal={quote.data?.totals.total}
                    savedCard={savedCard}
                    provider={provider}
                    publishableKey={config.data?.publishableKey}
                    payment={join.payment}
                    needsCard={join.needsCard}
                    checkingCards={cards.isPending}
                    card={<DemoCardFields form={cardForm} idPrefix={`${idPrefix}-card`} />}
                    onStripeReady={join.setStripeConfirm}
                    repriced={join.repriced}
                    problem={join.problem}
                    canPay={canJoin}
                    processing={processing}
                  />
                )
              ) : setupError ? (
                <SetupFailure
                  error={setupError}
                  onRetry={() => {
                    if (config.isError) void config.refetch()
                    else void intent.refetch()
                  }}
                />
              ) : (
                <PaymentFields
                  provider={provider}
                  stripe={
                    provider === 'stripe' && payment && config.data?.publishableKey
                      ? {
                          publishableKey: config.data.publishableKey,
                          clientSecret: payment.clientSecret,
                        }
                      : null
                  }
                  onStripeReady={order.setStripeConfirm}
                  card={<DemoCardFields form={cardForm} idPrefix={`${idPrefix}-card`} />}
                  saveCard={
                    <SaveCardChoice
                      controlId={`${idPrefix}-save-card`}
                      checked={saveCard}
                      disabled={processing}
                      onChange={(checked) => {
                        setSaveCard(checked)
                        // Stripe's form confirms the payment it was made with: a new one, at once
                        if (provider === 'stripe') setSent({ ...sent, saveCard: checked })
                      }}
                    />
                  }
                  problem={order.problem}
                  total={totals.total}
                  canPay={ready}
                  processing={processing}
                />
              )}
            </div>
          )}
        </TitledSection>
      </form>
    </div>
  )
}

/**
 * The basket goes with the order, to the order's address and with its instructions: they are
 * changed on the order's page, not here.
 */
function JoinedDelivery({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        Delivered with order {orderNumber(order.id)} to{' '}
        <strong className="font-semibold">{order.deliveryAddress}</strong>.
      </p>
      {order.specialInstructions ? (
        <p className="text-muted-foreground">Instructions: {order.specialInstructions}</p>
      ) : null}
      <p className="text-muted-foreground">
        To change the address or instructions,{' '}
        <Link
          to={paths.order(order.id)}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          open order {orderNumber(order.id)}
        </Link>
        .
      </p>
    </div>
  )
}
