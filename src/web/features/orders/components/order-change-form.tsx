import { TitledSection } from '#web/components/titled-section.tsx'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { isFarmBox } from '#shared/domain/farm-boxes.ts'
import { decimalToCents, formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { MAX_LINE_QUANTITY, MINIMUM_ORDER_CENTS, taxRateLabel } from '#shared/domain/pricing.ts'
import {
  DeliveryInfoSchema,
  type DeliveryInfo,
  type DeliveryInfoInput,
  type Order,
  type OrderConflict,
} from '#shared/schemas/order.ts'
import {
  ORDER_CHANGE_MESSAGES,
  type OrderChangeInput,
  type PaymentRequired,
} from '#shared/schemas/order-changes.ts'
import type { Product } from '#shared/schemas/product.ts'
import { SAVED_CARD_MESSAGES, type SavedCard } from '#shared/schemas/saved-cards.ts'
import { DeliveryFields } from '#web/components/delivery-fields.tsx'
import { cardLabel, savedCardQueries } from '#web/components/payments/saved-cards.ts'
import { SpecialInstructionsField } from '#web/components/special-instructions-field.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { changeOrder, orderConflictOf } from '../api/change-order.ts'
import { orderChangeQueries } from '../api/order-catalogue.ts'
import {
  deliveryInfoFromOrder,
  discountOf,
  draftFromOrder,
  estimateTotals,
  linesChanged,
  newLine,
  toChangeItems,
  type DraftLine,
} from '../order-change-draft.ts'
import { OrderLinesEditor } from './order-lines-editor.tsx'
import { ProductPicker } from './product-picker.tsx'

/**
 * The change form of an order that may still change (docs/product.md#order-changes): its
 * lines, products to add, a custom box's items, the delivery address and phone, and the
 * delivery instructions, with an estimate of the new total. Only what changed is sent, with the
 * order's version; the server prices the change and says whether it saves at once, needs the
 * card for a higher total, or was refused. With saved cards (docs/product.md#saved-cards) the
 * chosen one (the newest unless another is picked) goes with the change, so a higher total is
 * authorised on it without the card form.
 */
export function OrderChangeForm({
  order,
  onSaved,
  onPaymentRequired,
  onConflict,
  onSessionExpired,
}: {
  order: Order
  onSaved: (order: Order) => void
  onPaymentRequired: (payment: PaymentRequired['paymentRequired']) => void
  onConflict: (conflict: OrderConflict) => void
  onSessionExpired: () => void
}) {
  const idPrefix = useId()
  const queryClient = useQueryClient()
  const [lines, setLines] = useState<DraftLine[]>(() => draftFromOrder(order))
  const [instructions, setInstructions] = useState(order.specialInstructions ?? '')
  const [addressOpen, setAddressOpen] = useState(false)
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null)
  const deliveryForm = useForm<DeliveryInfoInput, unknown, DeliveryInfo>({
    resolver: zodResolver(DeliveryInfoSchema),
    defaultValues: deliveryInfoFromOrder(order),
  })
  // read while rendering: react-hook-form keeps up to date only the form state a render reads
  const addressEdited = deliveryForm.formState.isDirty

  const catalogue = useQuery(orderChangeQueries.catalogue())
  const coupon = useQuery({
    ...orderChangeQueries.coupon(order.promoCode ?? ''),
    enabled: order.promoCode !== null,
  })
  const products = useMemo(() => catalogue.data ?? [], [catalogue.data])
  const names = useMemo(() => {
    const known = new Map<string, string>()
    for (const item of order.items) {
      for (const selection of item.customSelections ?? []) known.set(selection.id, selection.name)
    }
    for (const product of products) known.set(product.id, product.name)
    return known
  }, [order.items, products])

  const droppedLines = order.items.filter((item) => item.productId === null)
  // a change is priced as checkout prices a basket: at the shop's prices of today
  const pricedLines = useMemo(() => {
    const prices = new Map(products.map((product) => [product.id, decimalToCents(product.price)]))
    return lines.map((line) => {
      const price = prices.get(line.productId)
      return price === undefined || price === line.unitPrice ? line : { ...line, unitPrice: price }
    })
  }, [lines, products])
  const estimate = estimateTotals(pricedLines, discountOf(coupon.data))
  const authorized = decimalToCents(order.authorizedAmount)

  // a list that cannot be read leaves the change as it was without saved cards: the card form
  const savedCards = useQuery(savedCardQueries.list())
  const [chosenCardId, setChosenCardId] = useState<string | null>(null)
  const cards = savedCards.data ?? []
  const card = cards.find((saved) => saved.id === chosenCardId) ?? cards[0]

  const save = useMutation({
    mutationFn: (input: OrderChangeInput) => changeOrder(order.id, input),
    onSuccess: (result) => {
      if ('paymentRequired' in result) onPaymentRequired(result.paymentRequired)
      else onSaved(result)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired()
      // the chosen card was removed meanwhile (another tab): the list shows what is left
      if (error instanceof ApiError && error.serverMessage === SAVED_CARD_MESSAGES.notFound) {
        void queryClient.invalidateQueries({ queryKey: savedCardQueries.all() })
      }
      const conflict = orderConflictOf(error)
      if (conflict) return onConflict(conflict)
      setProblem({
        message: errorMessage(error, 'We could not save your changes just now. Please try again.'),
        details: error instanceof ApiError ? Object.values(error.fieldErrors) : [],
      })
    },
  })

  function addProduct(product: Product) {
    setProblem(null)
    const existing = isFarmBox(product)
      ? undefined
      : lines.find((line) => line.productId === product.id)
    if (existing) {
      setLines(
        lines.map((line) =>
          line === existing
            ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + 1) }
            : line,
        ),
      )
    } else {
      setLines([...lines, newLine(product, lines)])
    }
  }

  async function submit() {
    setProblem(null)
    const input: OrderChangeInput = { version: order.version }
    if (linesChanged(order, lines)) {
      if (lines.length === 0) {
        setProblem({ message: ORDER_CHANGE_MESSAGES.noItems, details: [] })
        return
      }
      input.items = toChangeItems(lines)
    }
    if (addressOpen && addressEdited) {
      if (!(await deliveryForm.trigger(undefined, { shouldFocus: true }))) return
      input.deliveryInfo = DeliveryInfoSchema.parse(deliveryForm.getValues())
    }
    const typed = instructions.trim()
    if (typed !== (order.specialInstructions ?? '').trim()) {
      input.specialInstructions = typed === '' ? null : typed
    }
    if (Object.keys(input).length === 1) {
      setProblem({ message: ORDER_CHANGE_MESSAGES.nothingChanged, details: [] })
      return
    }
    // the server uses it only when the new total is above what the card authorised
    if (card) input.paymentMethodId = card.id
    save.mutate(input)
  }

  const headingId = (part: string) => `${idPrefix}-${part}`
  return (
    <form
      noValidate
      aria-label="Change this order"
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <TitledSection title="Items" titleId={headingId('items')}>
        {lines.length === 0 ? (
          <p className="rounded-lg border border-dashed border-input px-4 py-6 text-center text-sm text-muted-foreground">
            {ORDER_CHANGE_MESSAGES.noItems}
          </p>
        ) : (
          <OrderLinesEditor
            lines={pricedLines}
            onChange={(next) => {
              setProblem(null)
              setLines(next)
            }}
            catalogue={products}
            catalogueStatus={catalogue.status}
            itemName={(id) => names.get(id) ?? 'Farm pick'}
          />
        )}
        {droppedLines.length > 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {droppedLines.map((item) => item.productName).join(', ')}{' '}
            {droppedLines.length === 1 ? 'is' : 'are'} no longer sold: changing the items takes{' '}
            {droppedLines.length === 1 ? 'it' : 'them'} off the order.
          </p>
        ) : null}
        <div className="mt-5 border-t border-border pt-5">
          <ProductPicker products={products} status={catalogue.status} onAdd={addProduct} />
        </div>
      </TitledSection>

      <TitledSection title="Delivery" titleId={headingId('delivery')}>
        <div className="flex flex-col gap-5">
          {addressOpen ? (
            <DeliveryFields form={deliveryForm} idPrefix={headingId('address')} />
          ) : (
            <div className="flex flex-wrap items-start justify-between gap-3">
              <address className="text-sm not-italic">
                {order.customerName}
                <br />
                {order.deliveryAddress}
                {order.customerPhone ? (
                  <>
                    <br />
                    {order.customerPhone}
                  </>
                ) : null}
              </address>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setAddressOpen(true)}
              >
                Change address or phone
              </Button>
            </div>
          )}
          <SpecialInstructionsField
            controlId={headingId('instructions')}
            value={instructions}
            onChange={(event) => {
              setProblem(null)
              setInstructions(event.target.value)
            }}
          />
        </div>
      </TitledSection>

      <section
        aria-label="New total"
        className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      >
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatCents(estimate.subtotal)}</dd>
          {estimate.discount > 0 ? (
            <>
              <dt>Promo{order.promoCode ? ` (${order.promoCode})` : ''}</dt>
              <dd className="text-right text-forest tabular-nums">
                −{formatCents(estimate.discount)}
              </dd>
            </>
          ) : null}
          <dt>Delivery</dt>
          <dd className="text-right tabular-nums">
            {estimate.deliveryFee === 0 ? 'Free' : formatCents(estimate.deliveryFee)}
          </dd>
          <dt>Tax ({taxRateLabel()})</dt>
          <dd className="text-right tabular-nums">{formatCents(estimate.tax)}</dd>
          <dt className="-mr-4 border-t border-border pt-2 pr-4 text-base font-semibold">
            New total
          </dt>
          <dd
            className="border-t border-border pt-2 text-right text-base font-semibold tabular-nums"
            aria-live="polite"
          >
            {formatCents(estimate.total)}
          </dd>
        </dl>
        <p className="text-xs text-muted-foreground">
          An estimate: we price the change when you save it. Now {formatDecimalPrice(order.total)};
          your card authorized {formatDecimalPrice(order.authorizedAmount)}.
        </p>
        {card ? (
          <SavedCardChoice
            controlId={headingId('saved-card')}
            cards={cards}
            chosen={card}
            disabled={save.isPending}
            onChoose={(id) => {
              setProblem(null)
              setChosenCardId(id)
            }}
          />
        ) : null}
        {lines.length > 0 && estimate.minimumOrderRemaining > 0 ? (
          <p className="rounded-lg border border-butter bg-butter/20 px-3 py-2 text-sm">
            The minimum order is {formatCents(MINIMUM_ORDER_CENTS)}. Add{' '}
            {formatCents(estimate.minimumOrderRemaining)} more to save this change.
          </p>
        ) : estimate.total > authorized ? (
          <p className="rounded-lg bg-accent px-3 py-2 text-sm text-accent-foreground">
            {card
              ? `That is more than your card authorized: saving authorizes the new total on ${cardLabel(card)} instead, without the card form.`
              : "That is more than your card authorized: you'll confirm your card for the new total before the change is saved."}
          </p>
        ) : null}
        {problem ? (
          <div
            role="alert"
            className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
          >
            <p className="font-semibold text-destructive">{problem.message}</p>
            {problem.details.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {problem.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full sm:ml-auto sm:w-auto"
          disabled={save.isPending}
        >
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </section>
    </form>
  )
}

/**
 * Which saved card pays a higher total: a select when there are several (the newest first), a
 * line naming it when there is one.
 */
function SavedCardChoice({
  controlId,
  cards,
  chosen,
  disabled,
  onChoose,
}: {
  controlId: string
  cards: readonly SavedCard[]
  chosen: SavedCard
  disabled: boolean
  onChoose: (id: string) => void
}) {
  if (cards.length === 1) {
    return (
      <p className="text-sm">
        Pay any difference with <strong className="font-semibold">{cardLabel(chosen)}</strong>
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <Label htmlFor={controlId} className="shrink-0">
        Pay any difference with
      </Label>
      <NativeSelect
        id={controlId}
        touch
        wrapperClassName="sm:w-auto sm:min-w-56"
        value={chosen.id}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.value)}
      >
        {cards.map((saved) => (
          <option key={saved.id} value={saved.id}>
            {cardLabel(saved)}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
