import {
  HandshakeIcon,
  LeafIcon,
  RecycleIcon,
  SproutIcon,
  TruckIcon,
  UsersIcon,
} from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { SITE } from '#shared/site-content.ts'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#web/components/ui/accordion.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { InfoHero, InfoSection } from '#web/features/info/components/info-hero.tsx'
import { InfoSubnav } from '#web/features/info/components/info-subnav.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const CORE_VALUES = [
  {
    title: 'Local means 75 miles',
    text: 'Every producer we work with farms, ranches, bakes or roasts within 75 miles of Houston. We visit each one before their food goes on our shelves, and we tell you their name on every product.',
  },
  {
    title: 'A fair price for the grower',
    text: 'Our farmers are paid 20–30% above wholesale. In 2023 we raised our floor to 30% for every partner who has been with us a full year, because a farm that can plan ahead grows better food.',
  },
  {
    title: 'Waste is a design problem',
    text: 'We buy what our customers have already ordered, so less than 1% of our food is thrown away. Our whole inventory turns over every 72 hours, and what is left on Friday evening goes to Houston food banks.',
  },
  {
    title: 'Freshness you can taste',
    text: 'Farmers harvest on Thursday, we pack on Friday, and your order is at your door on Saturday: farm to door within 48 hours, instead of the week or two that supermarket produce spends travelling.',
  },
  {
    title: 'We make it right',
    text: 'If anything in your order is not what it should be, tell us within 24 hours and we will refund or replace it in full. No forms, no photos, no arguments.',
  },
] as const

const REASONS = [
  {
    icon: SproutIcon,
    title: '25+ partner farms',
    text: 'Vegetable growers, ranchers, dairies, bakers and roasters from Brazos Valley to Galveston Bay.',
  },
  {
    icon: TruckIcon,
    title: 'Saturday at your door',
    text: 'One delivery a week, planned the way farms plan: you order by Wednesday evening, we do the rest.',
  },
  {
    icon: LeafIcon,
    title: 'Know your food',
    text: 'Organic, grass-fed, pasture-raised, non-GMO: every claim on a product comes from its producer and is checked by us.',
  },
  {
    icon: RecycleIcon,
    title: 'Crates, not cartons',
    text: 'Orders come in returnable crates we collect the next Saturday. Ice packs and jars come back too.',
  },
  {
    icon: HandshakeIcon,
    title: 'No subscription',
    text: 'Order when you want, as much as you want. Weekly boxes are there if you like them, never required.',
  },
  {
    icon: UsersIcon,
    title: '5,000+ Houston households',
    text: 'Families across the metro area already fill their fridge this way, from the Heights to Sugar Land.',
  },
] as const

/**
 * /about: our story, mission, core values (expandable), reasons to choose us
 * (docs/product.md#pages).
 */
export default function AboutPage() {
  usePageTitle('About Us')
  return (
    <>
      <InfoHero
        eyebrow="About us"
        title="Houston grows good food. We bring it to your door."
        intro={`${SITE.name} started with a simple question at a Saturday farmers market: why is it so hard to eat what grows forty miles away?`}
      />
      <InfoSubnav />
      <InfoSection id="our-story" title="Our story">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="flex flex-col gap-4 text-lg leading-relaxed">
            <p>
              We are a small Houston team of cooks, a former produce buyer and a software engineer
              who kept meeting the same farmers at the same markets. They grew wonderful food and
              struggled to sell it; we wanted to buy it and struggled to get to the market before it
              sold out.
            </p>
            <p>
              So we built the shop we wanted: one basket with everything from the farms around the
              city, ordered during the week, harvested for you on Thursday and delivered on Saturday
              morning. Farmers know exactly what to pick. You know exactly who picked it.
            </p>
          </div>
          <figure className="flex flex-col justify-center rounded-2xl bg-wheat p-8">
            <blockquote className="font-display text-2xl leading-snug text-forest-dark">
              “We plant for orders now, not for hope. That changed everything about how we farm.”
            </blockquote>
            <figcaption className="mt-4 text-sm font-semibold text-muted-foreground">
              One of our partner growers, Waller County
            </figcaption>
          </figure>
        </div>
      </InfoSection>
      <section aria-labelledby="about-mission" className="bg-accent/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 id="about-mission" className="text-2xl font-semibold text-forest sm:text-3xl">
            Our mission
          </h2>
          <p className="mt-4 max-w-3xl text-xl leading-relaxed">
            To make local food the easy choice for Houston families, and a dependable living for the
            people who grow it.
          </p>
          <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
            {[
              ['75 mi', 'farthest farm from Houston'],
              ['48 h', 'from the field to your door'],
              ['<1%', 'of our food wasted'],
              ['20–30%', 'above wholesale for farmers'],
            ].map(([figure, label]) => (
              <div key={label} className="flex flex-col rounded-xl bg-card p-5 shadow-xs">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="order-first font-display text-3xl font-semibold text-forest">
                  {figure}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <InfoSection
        id="core-values"
        title="Our core values"
        intro="What we hold ourselves to, every week. Open one to read more."
      >
        <Accordion
          type="single"
          collapsible
          className="max-w-3xl rounded-xl bg-card px-5 shadow-xs"
        >
          {CORE_VALUES.map((value) => (
            <AccordionItem key={value.title} value={value.title} className="last:border-b-0">
              <AccordionTrigger className="text-base sm:text-lg">{value.title}</AccordionTrigger>
              <AccordionContent className="text-base leading-relaxed text-muted-foreground">
                {value.text}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </InfoSection>
      <InfoSection id="why-choose-us" title="Why Houston chooses us" className="pt-0">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map((reason) => (
            <li key={reason.title} className="flex flex-col gap-3 rounded-xl bg-card p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-full bg-accent text-forest">
                <reason.icon className="size-5" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">{reason.title}</h3>
              <p className="text-muted-foreground">{reason.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/shop">Shop the farm</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/producers">Meet our producers</Link>
          </Button>
        </div>
      </InfoSection>
    </>
  )
}
