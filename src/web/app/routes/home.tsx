import { ArrowRightIcon, CalendarDaysIcon, MapPinIcon, ShoppingBasketIcon } from 'lucide-react'
import { Link } from 'react-router'
import { findCategory } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { SITE } from '#shared/site-content.ts'
import { Button } from '#web/components/ui/button.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** The six "Browse the Farm" tiles of the landing page (spec §2). */
const FARM_TILES = [
  'farm-boxes',
  'meat-seafood',
  'bakery',
  'dairy-eggs',
  'produce',
  'new-seasonal',
] as const

const STEPS = [
  {
    icon: ShoppingBasketIcon,
    title: 'Fill your basket',
    text: 'Choose from produce, meat, dairy, bread and pantry goods, each from a named farm or kitchen near Houston.',
  },
  {
    icon: CalendarDaysIcon,
    title: 'We harvest and pack',
    text: 'Order by Wednesday evening. Farmers harvest on Thursday and we pack your order on Friday.',
  },
  {
    icon: MapPinIcon,
    title: 'Saturday at your door',
    text: 'Your order arrives on Saturday between 5:00 AM and 5:00 PM, anywhere in the Houston area.',
  },
] as const

export default function HomePage() {
  usePageTitle()
  return (
    <>
      <section className="relative overflow-hidden bg-wheat">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.1fr_0.9fr] md:py-20">
          <div className="flex flex-col items-start gap-6">
            <span className="rounded-full bg-forest px-4 py-1.5 text-sm font-semibold text-white">
              {SITE.launchText}
            </span>
            <h1 className="text-4xl leading-[1.05] font-semibold text-forest sm:text-5xl lg:text-6xl">
              From farms near Houston to your door, every Saturday.
            </h1>
            <p className="max-w-xl text-lg text-charcoal/80">
              Produce, meat, eggs, bread and pantry goods from producers within 75 miles of the
              city. Harvested Thursday, packed Friday, delivered Saturday.
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
              alt="A wooden crate of fresh vegetables"
              width={400}
              height={400}
              fetchPriority="high"
              className="relative w-full rounded-3xl shadow-xl"
            />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="browse-the-farm">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id="browse-the-farm" className="text-3xl font-semibold text-forest sm:text-4xl">
            Browse the Farm
          </h2>
          <Link
            to="/shop"
            className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
          >
            See everything <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3">
          {FARM_TILES.map((slug) => (
            <li key={slug}>
              <Link
                to={paths.shop(slug)}
                className="group flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs transition-shadow hover:shadow-md"
              >
                <img
                  src={`/illustrations/categories/${slug}.svg`}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                />
                <span className="flex items-center justify-between gap-2 px-4 py-3 font-semibold">
                  {findCategory(slug)?.title}
                  <ArrowRightIcon
                    className="size-4 text-primary transition-transform group-hover:translate-x-0.5"
                    aria-hidden
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-accent/60" aria-labelledby="how-it-works">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 id="how-it-works" className="mb-8 text-3xl font-semibold text-forest sm:text-4xl">
            How it Works
          </h2>
          <ol className="grid gap-5 md:grid-cols-3">
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
                <h3 className="text-xl font-semibold">{step.title}</h3>
                <p className="text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  )
}
