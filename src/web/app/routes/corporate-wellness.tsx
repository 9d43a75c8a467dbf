import { CheckIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { InfoHero, InfoSection } from '#web/features/info/components/info-hero.tsx'
import { cn } from '#web/lib/cn.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** Starter 5-15 employees, Growth 15-50 (most popular), Enterprise 50+ (docs/product.md#pages). */
const TIERS = [
  {
    name: 'Starter',
    size: '5–15 employees',
    text: 'A weekly crate of seasonal fruit and snacks for a small office.',
    features: [
      'Weekly seasonal fruit crate',
      'Local snacks and drinks',
      'Delivered to your office',
    ],
  },
  {
    name: 'Growth',
    size: '15–50 employees',
    popular: true,
    text: 'Fresh food at work and a perk your team takes home.',
    features: [
      'Everything in Starter',
      'Monthly farm-to-office lunch',
      'Team discount on home orders',
      'Dedicated account contact',
    ],
  },
  {
    name: 'Enterprise',
    size: '50+ employees',
    text: 'A wellness programme built around your teams and sites.',
    features: [
      'Everything in Growth',
      'Several sites across Houston',
      'Farm visits and cooking classes',
      'Quarterly impact report',
    ],
  },
] as const

/** /corporate-wellness: three tiers, each with 'Contact Sales' (docs/product.md#pages). */
export default function CorporateWellnessPage() {
  usePageTitle('Corporate Wellness')
  return (
    <>
      <InfoHero
        eyebrow="For Houston employers"
        title="Corporate Wellness"
        intro="Fresh, local food for your team: fruit and snacks at the office, lunches from our farms, and a perk people actually use at home."
      />
      <InfoSection
        id="corporate-tiers"
        title="Plans for every team"
        intro="Every plan is put together with you. Tell us about your team and we will send a proposal within 24 hours."
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {TIERS.map((tier) => {
            const popular = 'popular' in tier && tier.popular
            return (
              <li
                key={tier.name}
                className={cn(
                  'relative flex flex-col gap-4 rounded-2xl bg-card p-6 shadow-xs',
                  popular && 'ring-2 ring-forest',
                )}
              >
                {popular ? (
                  <span className="absolute -top-3 left-6 rounded-full bg-butter px-3 py-1 text-xs font-bold text-charcoal">
                    Most popular
                  </span>
                ) : null}
                <div>
                  <h3 className="text-2xl font-semibold text-forest">{tier.name}</h3>
                  <p className="font-semibold">{tier.size}</p>
                </div>
                <p className="text-muted-foreground">{tier.text}</p>
                <ul className="flex flex-1 flex-col gap-2">
                  {tier.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <CheckIcon className="mt-0.5 size-5 shrink-0 text-leaf" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button asChild variant={popular ? 'default' : 'outline'} size="lg">
                  <Link
                    to="/contact?subject=partnership"
                    aria-label={`Contact Sales about the ${tier.name} plan`}
                  >
                    Contact Sales
                  </Link>
                </Button>
              </li>
            )
          })}
        </ul>
      </InfoSection>
    </>
  )
}
