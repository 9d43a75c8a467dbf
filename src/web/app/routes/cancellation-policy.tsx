import { Link } from '#web/lib/router.tsx'
import { DELIVERY_WINDOW, ORDER_CUTOFF, PAY_AGAIN_DEADLINE_LABEL } from '#shared/domain/delivery.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { SITE } from '#shared/site-content.ts'
import { PolicyPage, type PolicySection } from '#web/features/info/components/policy-page.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const SECTIONS: readonly PolicySection[] = [
  {
    id: 'until-the-cut-off',
    title: 'Change or cancel until the cut-off',
    body: (
      <>
        <p>
          Your order is yours to change or cancel until {ORDER_CUTOFF.label} before your Saturday
          delivery. Open it from{' '}
          <Link to="/order-history" className="font-semibold text-forest underline">
            your orders
          </Link>{' '}
          to add or remove items, change quantities, move the delivery address or leave instructions
          for the driver, or to cancel it.
        </p>
        <p>
          At the cut-off we tell our farmers what to harvest, so from then on the order can no
          longer be changed or cancelled on the site. If something has gone wrong, write to us and
          we will do what we can.
        </p>
      </>
    ),
  },
  {
    id: 'card-hold',
    title: 'What happens on your card',
    body: (
      <>
        <p>
          When you check out we only <strong>hold</strong> the order’s total on your card; nothing
          is taken yet. We take the money at the cut-off, for the order’s total then.
        </p>
        <ul>
          <li>
            <strong>You cancel before the cut-off:</strong> the hold is released and you pay
            nothing. Your bank may take a few days to show the money as available again.
          </li>
          <li>
            <strong>You change the order to cost less or the same:</strong> the hold stays as it was
            and at the cut-off we take only the new, lower total; the rest is released.
          </li>
          <li>
            <strong>You change the order to cost more:</strong> we ask you to confirm a new hold for
            the whole new total. Once it is confirmed, the old hold is released, so you are never
            held for both.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds after the cut-off',
    body: (
      <>
        <p>
          Once we have taken the payment, anything we give back is a refund to the same card.
          Refunds usually show on your statement within 5 to 10 business days, depending on your
          bank.
        </p>
        <p>
          If an item was missing or not right, tell us within 24 hours of your delivery and we
          refund it, in full, without forms or photos. If we have to cancel an order ourselves,
          everything taken is refunded.
        </p>
      </>
    ),
  },
  {
    id: 'failed-payments',
    title: 'If your payment fails',
    body: (
      <>
        <p>
          Sometimes a bank refuses the payment at the cut-off (an expired card, a hold that ran
          out). We e-mail you straight away with a link to pay with another card.
        </p>
        <p>
          You have until <strong>{PAY_AGAIN_DEADLINE_LABEL}</strong> before your delivery, when we
          start packing. An order still unpaid then cannot be packed: we get in touch with you, and
          nothing is charged for an order we do not deliver.
        </p>
      </>
    ),
  },
  {
    id: 'delivery-day',
    title: 'On delivery day',
    body: (
      <p>
        We deliver on Saturday, {DELIVERY_WINDOW.label}. If nobody is home, the driver leaves the
        order where your instructions say (or at the door, in insulated packaging). Orders cannot be
        cancelled once they are on the truck; if something is wrong, write to {SITE.email} and we
        will make it right.
      </p>
    ),
  },
]

/** /cancellation-policy (docs/product.md#policies): order changes, cancellation and refunds. */
export default function CancellationPolicyPage() {
  usePageTitle(PAGE_META.cancellationPolicy.title)
  return (
    <PolicyPage
      title="Cancellation Policy"
      intro={`Change or cancel your order until ${ORDER_CUTOFF.label} before your Saturday delivery. Here is what happens to your money in each case.`}
      sections={SECTIONS}
    />
  )
}
