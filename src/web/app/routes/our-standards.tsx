import { BadgeCheckIcon, HeartIcon, ShieldCheckIcon, SproutIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { InfoHero, InfoSection } from '#web/features/info/components/info-hero.tsx'
import { InfoSubnav } from '#web/features/info/components/info-subnav.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const CORE_STANDARDS = [
  {
    icon: SproutIcon,
    title: 'Sustainable Farming',
    text: 'Our growers build soil instead of spending it: cover crops, crop rotation, compost and careful water use through Houston summers. Synthetic pesticides are a last resort, and we ask to see the records.',
  },
  {
    icon: HeartIcon,
    title: 'Animal Welfare',
    text: 'Cattle on grass, hens on pasture, pigs that root in the woods. No routine antibiotics, no feedlots, and short, calm trips to small local processors.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Food Safety',
    text: 'Every partner holds the licenses their products need, and our packing kitchen is inspected by the City of Houston. Cold food stays between 33 and 40 °F from the farm to your door.',
  },
  {
    icon: BadgeCheckIcon,
    title: 'Quality Guarantee',
    text: 'If anything in your order is not right, tell us within 24 hours of delivery and we will refund or replace it in full. No forms, no photos needed.',
  },
] as const

const VETTING_STEPS = [
  {
    title: 'Conversation',
    text: 'We talk with the farmer about what they grow, how, and what they need from a buyer.',
  },
  {
    title: 'Farm visit',
    text: 'We walk the fields, barns and kitchens in person. Every partner is within 75 miles of Houston.',
  },
  {
    title: 'Practices review',
    text: 'We check growing and animal-care practices against our standards, and every claim a product will carry.',
  },
  {
    title: 'Safety and licenses',
    text: 'We verify food-safety training, licenses, insurance and, for meat and dairy, the processor.',
  },
  {
    title: 'Taste test',
    text: 'Our team cooks and tastes it. If we would not serve it at home, we do not sell it.',
  },
  {
    title: 'Trial season',
    text: 'A first season of smaller orders, with feedback from customers, before a full partnership.',
  },
] as const

const COMMITMENTS = [
  'Farmers are paid 20–30% above wholesale, on time, every week.',
  'Food is harvested for orders already placed, so less than 1% of it is wasted.',
  'Our whole inventory turns over every 72 hours: nothing sits in a warehouse.',
  'Crates, ice packs and jars are returnable and collected the following Saturday.',
  'Every product names its producer, and every claim on it has been checked.',
] as const

const IMPROVEMENTS = [
  {
    year: '2023',
    title: 'A 30% floor for farmers',
    text: 'We raised the price we pay every partner of a full year to at least 30% above wholesale.',
  },
  {
    year: '2024',
    title: 'Returnable crates',
    text: 'Single-use cardboard is gone from our deliveries; crates come back and go out again.',
  },
  {
    year: '2025',
    title: 'Friday food-bank run',
    text: 'Whatever is left after packing now goes to Houston food banks the same evening.',
  },
] as const

/**
 * /our-standards: core standards, the 6-step farm vetting, commitments, improvements
 * (docs/product.md#pages).
 */
export default function OurStandardsPage() {
  usePageTitle('Our Standards')
  return (
    <>
      <InfoHero
        eyebrow="Our standards"
        title="What it takes to be on our shelves"
        intro="We choose every producer ourselves, visit every farm, and hold all of them, and ourselves, to the same standards."
      />
      <InfoSubnav />
      <InfoSection id="core-standards" title="Our core standards">
        <ul className="grid gap-5 sm:grid-cols-2">
          {CORE_STANDARDS.map((standard) => (
            <li
              key={standard.title}
              className="flex flex-col gap-3 rounded-xl bg-card p-6 shadow-xs"
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-accent text-forest">
                <standard.icon className="size-5" aria-hidden />
              </span>
              <h3 className="text-xl font-semibold">{standard.title}</h3>
              <p className="text-muted-foreground">{standard.text}</p>
            </li>
          ))}
        </ul>
      </InfoSection>
      <section aria-labelledby="farm-vetting" className="bg-accent/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 id="farm-vetting" className="text-2xl font-semibold text-forest sm:text-3xl">
            How we vet a farm, in 6 steps
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {VETTING_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-xl bg-card p-5 shadow-xs">
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-forest font-semibold text-white"
                  aria-hidden
                >
                  {index + 1}
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="commitments">
          <h2 id="commitments" className="text-2xl font-semibold text-forest sm:text-3xl">
            Our commitments
          </h2>
          <ul className="mt-6 flex flex-col gap-3">
            {COMMITMENTS.map((commitment) => (
              <li key={commitment} className="flex gap-3 text-lg">
                <BadgeCheckIcon className="mt-1 size-5 shrink-0 text-leaf" aria-hidden />
                {commitment}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recent-improvements">
          <h2 id="recent-improvements" className="text-2xl font-semibold text-forest sm:text-3xl">
            Recent improvements
          </h2>
          <ol className="mt-6 flex flex-col gap-4">
            {IMPROVEMENTS.map((improvement) => (
              <li key={improvement.year} className="rounded-xl bg-card p-5 shadow-xs">
                <p className="text-sm font-semibold text-forest">{improvement.year}</p>
                <h3 className="text-lg font-semibold">{improvement.title}</h3>
                <p className="text-muted-foreground">{improvement.text}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
        <Button asChild size="lg">
          <Link to="/producers">Meet the producers</Link>
        </Button>
      </div>
    </>
  )
}
