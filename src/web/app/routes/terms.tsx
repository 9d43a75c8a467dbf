import { Link } from '#web/lib/router.tsx'
import { DELIVERY_WINDOW, ORDER_CUTOFF } from '#shared/domain/delivery.ts'
import { formatCents } from '#shared/domain/money.ts'
import {
  DELIVERY_FEE_CENTS,
  FREE_DELIVERY_THRESHOLD_CENTS,
  MINIMUM_ORDER_CENTS,
} from '#shared/domain/pricing.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { SITE } from '#shared/site-content.ts'
import { PolicyPage, type PolicySection } from '#web/features/info/components/policy-page.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const link = 'font-semibold text-forest underline'

const SECTIONS: readonly PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {SITE.name} sells food from farms and makers within 75 miles of Houston and delivers it from
        our kitchen at {SITE.address.street}, {SITE.address.city}, {SITE.address.state}{' '}
        {SITE.address.zip}. By placing an order you agree to these terms.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery area and days',
    body: (
      <>
        <p>
          We deliver once a week, on Saturday between {DELIVERY_WINDOW.label}, to the Greater
          Houston ZIP codes our site accepts (you can check yours on{' '}
          <Link to="/how-it-works" className={link}>
            How it Works
          </Link>
          ). An order placed before {ORDER_CUTOFF.label} arrives that Saturday; a later one the
          Saturday after.
        </p>
        <p>
          Someone does not need to be home: tell us where to leave the order in the delivery
          instructions. Once it is delivered where you asked, looking after it is yours.
        </p>
      </>
    ),
  },
  {
    id: 'prices',
    title: 'Prices and substitutions',
    body: (
      <>
        <p>
          Prices are in US dollars and include no sales tax; Texas sales tax is added where it
          applies and shown before you pay. The minimum order is {formatCents(MINIMUM_ORDER_CENTS)}.
          Delivery costs {formatCents(DELIVERY_FEE_CENTS)} and is free for orders of{' '}
          {formatCents(FREE_DELIVERY_THRESHOLD_CENTS)} or more.
        </p>
        <p>
          The price you pay is the one shown when you check out (or when you last changed the
          order), even if it changes afterwards.
        </p>
        <p>
          Harvests depend on the weather. If a farm cannot supply an item, we do not swap it for
          something else without asking: we leave it out and refund its price. A “Farmer’s choice”
          box is the exception: its contents are the farmer’s pick of the week by design.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment at the cut-off',
    body: (
      <p>
        When you check out we hold the order’s total on your card and take the payment at the
        cut-off, {ORDER_CUTOFF.label} before your delivery, for the order’s total then, never more
        than you agreed to. The{' '}
        <Link to="/cancellation-policy" className={link}>
          Cancellation Policy
        </Link>{' '}
        explains changes, cancellations, refunds and what happens if a payment fails.
      </p>
    ),
  },
  {
    id: 'quality',
    title: 'Quality',
    body: (
      <p>
        If anything in your order is not right, tell us within 24 hours of delivery and we will
        refund or replace it in full. Fresh food keeps best in the fridge as soon as it arrives.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability, in plain terms',
    body: (
      <>
        <p>
          If we get your order wrong, the most we owe you is what you paid for it: a refund, or the
          item again the next Saturday. We are not responsible for delays caused by things we cannot
          control, such as severe weather, floods or road closures; when that happens we tell you as
          soon as we know and offer a refund or a later delivery.
        </p>
        <p>
          Product descriptions, including allergens, come from our producers and we check them, but
          if you have a severe allergy please ask us before you order. Nothing in these terms takes
          away rights you have under Texas or US law.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        Keep your password to yourself; orders placed from your account are yours. We may close an
        account that is used to abuse the shop, after telling its owner why. How we handle your
        information is in our{' '}
        <Link to="/privacy" className={link}>
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
]

/** /terms (docs/product.md#policies): delivery, prices, payment at the cut-off, liability. */
export default function TermsPage() {
  usePageTitle(PAGE_META.terms.title)
  return (
    <PolicyPage
      title="Terms of Service"
      intro="The terms of ordering from us, in plain words: where and when we deliver, what you pay and when, and what we owe you if something goes wrong."
      sections={SECTIONS}
    />
  )
}
