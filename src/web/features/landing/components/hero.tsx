import { ArrowRightIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'

/**
 * The landing hero (docs/product.md#pages): instead of a video, a poster of the week's crate over
 * slowly drifting fields of colour, which cost no download and respect reduced motion.
 */
export function Hero({ launchButton }: { launchButton: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden bg-wheat">
      <div className="hero-drift pointer-events-none absolute inset-0 -z-10" aria-hidden />
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.1fr_0.9fr] md:py-20">
        <div className="flex flex-col items-start gap-6">
          {launchButton}
          <h1 className="text-4xl leading-[1.05] font-semibold text-forest sm:text-5xl lg:text-6xl">
            From farms near Houston to your door, every Saturday.
          </h1>
          <p className="max-w-xl text-lg text-charcoal/85">
            Produce, meat, eggs, bread and pantry goods from producers within 75 miles of the city.
            Harvested Thursday, packed Friday, delivered Saturday.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/shop">
                Shop the farm <ArrowRightIcon />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/producers">Meet the producers</Link>
            </Button>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-md">
          <div className="absolute inset-6 rounded-full bg-sage/40 blur-2xl" aria-hidden />
          <img
            src="/illustrations/products/produce-box.svg"
            alt="A wooden crate of vegetables fresh from the farm"
            width={400}
            height={400}
            fetchPriority="high"
            className="relative w-full rounded-3xl shadow-xl"
          />
        </div>
      </div>
    </section>
  )
}
