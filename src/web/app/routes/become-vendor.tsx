import {
  BanknoteIcon,
  CalendarClockIcon,
  HandshakeIcon,
  MegaphoneIcon,
  TruckIcon,
  UsersIcon,
} from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { InfoHero, InfoSection } from '#web/features/info/components/info-hero.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const BENEFITS = [
  {
    icon: BanknoteIcon,
    title: 'Paid above wholesale',
    text: 'Our partners earn 20–30% above wholesale prices, paid every week, on time.',
  },
  {
    icon: CalendarClockIcon,
    title: 'Orders before you harvest',
    text: 'You know on Wednesday night exactly what to pick on Thursday. No guessing, no unsold boxes.',
  },
  {
    icon: TruckIcon,
    title: 'We handle the last mile',
    text: 'Drop off at our Houston kitchen on Friday morning, or we collect from farms on our route.',
  },
  {
    icon: UsersIcon,
    title: '5,000+ households',
    text: 'Reach families across the Houston metro area who want to know who grew their food.',
  },
  {
    icon: MegaphoneIcon,
    title: 'Your story, told well',
    text: 'A producer page with your story, your practices and every product you sell with us.',
  },
  {
    icon: HandshakeIcon,
    title: 'A long-term partner',
    text: 'Season-long plans, honest feedback from customers, and no fees to be listed.',
  },
] as const

const WHO_WE_LOOK_FOR = [
  'Within 75 miles of Houston',
  'Vegetable and fruit growers',
  'Ranchers and poultry farmers',
  'Dairies and cheesemakers',
  'Bakers, roasters and small-batch kitchens',
  'Gulf fishermen and shrimpers',
] as const

/**
 * /become-vendor: 'Grow Your Business With Us', static benefits, no form (docs/product.md#pages).
 */
export default function BecomeVendorPage() {
  usePageTitle('Grow Your Business With Us')
  return (
    <>
      <InfoHero
        eyebrow="For farmers and food makers"
        title="Grow Your Business With Us"
        intro="Sell to thousands of Houston households without a market stall, a website or a delivery van. You grow; we take care of the rest."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to="/contact?subject=partnership">Start a conversation</Link>
        </Button>
      </InfoHero>
      <InfoSection id="vendor-benefits" title="Why producers work with us">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li
              key={benefit.title}
              className="flex flex-col gap-3 rounded-xl bg-card p-6 shadow-xs"
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-accent text-forest">
                <benefit.icon className="size-5" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">{benefit.title}</h3>
              <p className="text-muted-foreground">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </InfoSection>
      <section aria-labelledby="who-we-look-for" className="bg-accent/60">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-2">
          <div className="flex flex-col items-start gap-4">
            <h2 id="who-we-look-for" className="text-2xl font-semibold text-forest sm:text-3xl">
              Who we are looking for
            </h2>
            <p className="text-lg text-muted-foreground">
              Small and mid-sized producers who care how their food is grown, raised or made, and
              who want a steady buyer that pays fairly. Every partner goes through our{' '}
              <Link to="/our-standards" className="font-semibold text-primary underline">
                six-step vetting
              </Link>
              , starting with a visit to your farm.
            </p>
            <Button asChild size="lg">
              <Link to="/contact?subject=partnership">Tell us about your farm</Link>
            </Button>
          </div>
          <ul className="grid content-start gap-3 sm:grid-cols-2">
            {WHO_WE_LOOK_FOR.map((who) => (
              <li key={who} className="rounded-lg bg-card px-4 py-3 font-semibold shadow-xs">
                {who}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
