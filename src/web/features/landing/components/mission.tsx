import type { ReactNode } from 'react'

const CLAIMS = [
  { figure: '25+', label: 'partner farms and makers' },
  { figure: '75 mi', label: 'farthest farm from Houston' },
  { figure: '48 h', label: 'from the farm to your door' },
  { figure: '<1%', label: 'of our food wasted' },
] as const

/** The mission, with the claims a shop puts beside it (docs/product.md#site-content). */
export function Mission({ action }: { action?: ReactNode }) {
  return (
    <section className="bg-forest text-cream" aria-labelledby="our-mission">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div className="flex flex-col items-start gap-5">
          <h2 id="our-mission" className="text-3xl font-semibold text-white sm:text-4xl">
            Our mission
          </h2>
          <p className="text-lg text-cream/90">
            We want Houston to eat what grows around Houston. That means giving families an easier
            way to buy from the farms, ranches and kitchens nearby, and giving those producers a
            steady market that pays them what their work is worth.
          </p>
          <p className="text-cream/85">
            5,000+ households already shop with us. If anything in your order is not right, tell us
            within 24 hours and we will refund or replace it.
          </p>
          {action}
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {CLAIMS.map((claim) => (
            <div key={claim.label} className="flex flex-col rounded-xl bg-white/10 p-5">
              <dt className="text-sm text-cream">{claim.label}</dt>
              <dd className="order-first font-display text-4xl font-semibold text-butter">
                {claim.figure}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
