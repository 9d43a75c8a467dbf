import { CalendarCheckIcon, PackageIcon, ShoppingBasketIcon, TractorIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { DELIVERY_WINDOW, ORDER_CUTOFF, WEEKLY_SCHEDULE } from '#shared/domain/delivery.ts'
import { formatCents } from '#shared/domain/money.ts'
import {
  DELIVERY_FEE_CENTS,
  FREE_DELIVERY_THRESHOLD_CENTS,
  MINIMUM_ORDER_CENTS,
} from '#shared/domain/pricing.ts'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#web/components/ui/accordion.tsx'
import { InfoHero, InfoSection } from '#web/features/info/components/info-hero.tsx'
import { InfoSubnav } from '#web/features/info/components/info-subnav.tsx'
import { ZipChecker } from '#web/features/service-area/components/zip-checker.tsx'
import { ZIP_CHECK_SECTION } from '#shared/routes.ts'
import { useSearchParams } from '#web/lib/router.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

// shown only after a ZIP we do not deliver to is checked, so it loads then (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const NotifyMeForm = lazy(() =>
  import('#web/features/marketing/components/notify-me-form.tsx').then((module) => ({
    default: module.NotifyMeForm,
  })),
)

const minimum = formatCents(MINIMUM_ORDER_CENTS)
const fee = formatCents(DELIVERY_FEE_CENTS)
const freeFrom = formatCents(FREE_DELIVERY_THRESHOLD_CENTS)

const STEPS = [
  {
    icon: ShoppingBasketIcon,
    title: 'Shop the farms',
    text: 'Browse produce, meat, dairy, bread and pantry goods. Every item names the farm or kitchen it comes from.',
  },
  {
    icon: CalendarCheckIcon,
    title: `Order by ${ORDER_CUTOFF.label}`,
    text: 'Place your order any time before the cut-off. You can change it until then, too.',
  },
  {
    icon: TractorIcon,
    title: 'Harvested and packed for you',
    text: 'Farmers harvest your order on Thursday. On Friday we pack it in our Houston kitchen, cold items kept cold.',
  },
  {
    icon: PackageIcon,
    title: 'Delivered on Saturday',
    text: `Your order arrives on Saturday, ${DELIVERY_WINDOW.label}, in returnable crates we collect the next week.`,
  },
] as const

const FAQ = [
  {
    question: 'Do I need a subscription?',
    answer:
      'No. Order when you want to. Farm boxes are there if you like a weekly surprise, but nothing renews on its own.',
  },
  {
    question: 'What if I am not home on Saturday?',
    answer:
      'Most customers are not. We leave your order at your door in an insulated crate with ice packs, and send you a message when it is there. Add gate codes or a safe spot in the special instructions at checkout.',
  },
  {
    question: 'Can I change my order after I place it?',
    answer: `Yes, until ${ORDER_CUTOFF.label}. After that your farmers have already been told what to harvest.`,
  },
  {
    question: 'What if something is not right?',
    answer:
      'Tell us within 24 hours of delivery and we will refund or replace it in full. A short message through our contact page is all it takes.',
  },
  {
    question: 'Where do you deliver?',
    answer:
      'Houston and the greater Houston area: ZIP codes from 77001 to 77099 and the 772xx, 773xx, 774xx and 775xx areas. Check yours above; if we are not there yet, leave your e-mail and we will tell you when we are.',
  },
  {
    question: 'How do I pay?',
    answer:
      'By card at checkout. Your card is charged when you order; if we have to leave something out, we refund it the same day.',
  },
] as const

/**
 * /how-it-works: 4 steps, the weekly schedule, delivery details, the ZIP checker, FAQ
 * (docs/product.md#pages).
 */
export default function HowItWorksPage() {
  usePageTitle('How it Works')
  const [searchParams] = useSearchParams()
  const givenZip = searchParams.get('zip') ?? ''
  return (
    <>
      <InfoHero
        eyebrow="How it works"
        title="From the field on Thursday to your table on Saturday"
        intro="We only buy what our customers have ordered, so your food is picked for you, not for a warehouse shelf."
      />
      <InfoSubnav />
      <InfoSection id="four-steps" title="Four steps to your door">
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex flex-col gap-3 rounded-xl bg-card p-6 shadow-xs">
              <span className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-forest text-white">
                  <step.icon className="size-5" aria-hidden />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">
                  Step {index + 1}
                </span>
              </span>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </InfoSection>
      <section aria-labelledby="weekly-schedule" className="bg-accent/60">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="weekly-schedule" className="text-2xl font-semibold text-forest sm:text-3xl">
              Our weekly schedule
            </h2>
            <table className="mt-6 w-full overflow-hidden rounded-xl bg-card text-left shadow-xs">
              <caption className="sr-only">What happens on each day of the week</caption>
              <tbody>
                {WEEKLY_SCHEDULE.map((row) => (
                  <tr key={row.day} className="border-b border-border last:border-b-0">
                    <th scope="row" className="w-2/5 px-5 py-4 font-semibold text-forest">
                      {row.day}
                    </th>
                    <td className="px-5 py-4">{row.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h2 className="text-2xl font-semibold text-forest sm:text-3xl" id="delivery-details">
              Delivery details
            </h2>
            <dl className="mt-6 grid gap-3 rounded-xl bg-card p-5 shadow-xs">
              {[
                ['Delivery day', `Saturday, ${DELIVERY_WINDOW.label}`],
                ['Order cut-off', ORDER_CUTOFF.label],
                ['Minimum order', minimum],
                ['Delivery fee', `${fee}, free on orders of ${freeFrom} or more`],
                ['Delivery area', 'Houston and the greater Houston area'],
                ['Packaging', 'Returnable crates and ice packs, collected the next Saturday'],
              ].map(([term, detail]) => (
                <div
                  key={term}
                  className="grid gap-1 border-b border-border pb-3 last:border-b-0 last:pb-0 sm:grid-cols-[10rem_1fr]"
                >
                  <dt className="font-semibold">{term}</dt>
                  <dd className="text-muted-foreground">{detail}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>
      <InfoSection
        id={ZIP_CHECK_SECTION}
        title="Do we deliver to you?"
        intro="Enter your five-digit ZIP code to find out."
      >
        <div className="max-w-xl rounded-xl bg-card p-6 shadow-xs">
          <ZipChecker
            key={givenZip}
            givenZip={givenZip}
            renderUnavailable={(zip) => (
              <Suspense fallback={null}>
                <NotifyMeForm zip={zip} />
              </Suspense>
            )}
          />
        </div>
      </InfoSection>
      <InfoSection id="faq" title="Frequently asked questions" className="pt-0">
        <Accordion
          type="single"
          collapsible
          className="max-w-3xl rounded-xl bg-card px-5 shadow-xs"
        >
          {FAQ.map((item) => (
            <AccordionItem key={item.question} value={item.question} className="last:border-b-0">
              <AccordionTrigger className="text-base sm:text-lg">{item.question}</AccordionTrigger>
              <AccordionContent className="text-base leading-relaxed text-muted-foreground">
                {item.answer}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </InfoSection>
    </>
  )
}
