import { PAGE_META } from '#shared/page-meta.ts'
import { SITE } from '#shared/site-content.ts'
import { PolicyPage, type PolicySection } from '#web/features/info/components/policy-page.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const STORED = [
  {
    what: 'Your account',
    detail:
      'Your name, e-mail address, phone number and a scrambled form of your password (we cannot read it).',
    why: 'So you can log in, and so we can reach you about an order.',
    kept: 'Until you ask us to delete your account.',
  },
  {
    what: 'Your delivery address',
    detail: 'Street, apartment or gate code, city, state and ZIP, and any delivery instructions.',
    why: 'To plan Saturday routes and leave your order in the right place.',
    kept: 'Until you change it or delete your account; each order keeps the address it went to.',
  },
  {
    what: 'Your orders',
    detail: 'What you ordered, prices, coupon, totals, delivery date and the history of changes.',
    why: 'To harvest, pack and deliver them, and to answer questions about them.',
    kept: 'Four years after the order, as Texas sales-tax records require.',
  },
  {
    what: 'Payment references',
    detail:
      'The payment provider’s reference for each payment and refund, and the amounts. Never your card number, expiry date or security code: those go straight to our payment provider (Stripe) and never reach our servers.',
    why: 'To take payment at the cut-off and to refund you.',
    kept: 'As long as the order they belong to.',
  },
  {
    what: 'E-mails',
    detail:
      'A copy of each e-mail we send you (order confirmations, changes, receipts), and the addresses you give to the newsletter or the “tell me when you deliver” list, with your ZIP code if you gave it.',
    why: 'To prove what we told you and when, and to send the news you asked for.',
    kept: 'Order e-mails as long as the order; list addresses until you unsubscribe or ask us to remove them.',
  },
  {
    what: 'Sessions',
    detail:
      'A random identifier in a cookie that keeps you logged in, and a cookie that says whether you are. No advertising or tracking cookies.',
    why: 'So you stay logged in from page to page.',
    kept: 'Until you log out, or 30 days without a visit (90 days at most).',
  },
  {
    what: 'Security records',
    detail:
      'Counts of sign-in attempts per e-mail address and per network address, and the server’s logs of requests.',
    why: 'To stop people guessing passwords and to find faults.',
    kept: 'Attempt counts for at most an hour; logs for 30 days.',
  },
] as const

const SECTIONS: readonly PolicySection[] = [
  {
    id: 'what-we-store',
    title: 'What we store, why, and for how long',
    body: (
      <dl className="flex flex-col gap-4">
        {STORED.map((item) => (
          <div key={item.what} className="rounded-xl bg-card p-5 shadow-xs">
            <dt className="text-xl font-semibold">{item.what}</dt>
            <dd className="mt-1 flex flex-col gap-1 text-base">
              <p>{item.detail}</p>
              <p>
                <span className="font-semibold text-forest">Why: </span>
                {item.why}
              </p>
              <p>
                <span className="font-semibold text-forest">How long: </span>
                {item.kept}
              </p>
            </dd>
          </div>
        ))}
      </dl>
    ),
  },
  {
    id: 'who-sees-it',
    title: 'Who sees it',
    body: (
      <>
        <p>
          Our own staff, as far as their work needs: the admins who run the shop, and on Saturday
          the driver of your route, who sees your name, address, phone number, delivery instructions
          and how many bags to bring.
        </p>
        <p>
          The companies that run parts of the shop for us see only what that part needs: our payment
          provider (Stripe) for payments, our e-mail service to deliver e-mails, and our hosting
          provider, which stores the data. Our farmers see the totals to harvest, never who ordered
          them. We never sell or rent your information.
        </p>
      </>
    ),
  },
  {
    id: 'your-choices',
    title: 'Seeing, correcting and deleting your information',
    body: (
      <>
        <p>
          You can see and correct your details and address at any time on your profile page, and
          every order you placed on your orders page.
        </p>
        <p>
          To have your account deleted, or to get a copy of what we hold about you, e-mail{' '}
          <a
            href={`mailto:${SITE.email}?subject=${encodeURIComponent('Delete my data')}`}
            className="font-semibold text-forest underline"
          >
            {SITE.email}
          </a>{' '}
          from the address of your account. We answer within 30 days: we delete your account,
          addresses, sessions and list sign-ups, and keep only the order records the law asks us to
          keep, for as long as it asks.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change what we store or why, we update this page and, for a change that matters,
        e-mail our customers before it takes effect.
      </p>
    ),
  },
]

/** /privacy (docs/product.md#policies): what is stored, why, how long, how to ask for deletion. */
export default function PrivacyPage() {
  usePageTitle(PAGE_META.privacy.title)
  return (
    <PolicyPage
      title="Privacy Policy"
      intro={`${SITE.name} keeps only what it needs to bring your food to your door, and tells you here what that is.`}
      sections={SECTIONS}
    />
  )
}
