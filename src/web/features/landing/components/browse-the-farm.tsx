import { ArrowRightIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { findCategory } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'

/** The six "Browse the Farm" tiles of the landing page (docs/product.md#pages). */
const FARM_TILES = [
  'farm-boxes',
  'meat-seafood',
  'bakery',
  'dairy-eggs',
  'produce',
  'new-seasonal',
] as const

export function BrowseTheFarm() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="browse-the-farm">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h2 id="browse-the-farm" className="text-3xl font-semibold text-forest sm:text-4xl">
          Browse the Farm
        </h2>
        <Link
          to="/shop"
          className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
        >
          See everything <ArrowRightIcon className="size-4" aria-hidden />
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
                height={300}
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
  )
}
