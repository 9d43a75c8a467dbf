import { useQuery } from '@tanstack/react-query'
import { CalendarDaysIcon, LeafIcon, MapPinIcon, SproutIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams } from '#web/lib/router.tsx'
import type { Producer } from '#shared/schemas/producer.ts'
import { Breadcrumb } from '#web/components/layout/breadcrumb.tsx'
import { ProductCardAction } from '#web/features/basket/components/product-card-action.tsx'
import { producerQueries, productQueries } from '#web/features/catalog/api/product-queries.ts'
import { ProducerLogo } from '#web/features/catalog/components/producer-logo.tsx'
import { ProducerProductsRow } from '#web/features/catalog/components/producer-products-row.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import NotFoundPage, { NOT_FOUND_COPY } from './not-found.tsx'

/** A producer's profile: its story, how it works, and its products (docs/product.md#catalogue). */
export default function ProducerPage() {
  const { slug = '' } = useParams()
  const producer = useQuery(producerQueries.detail(slug))
  const products = useQuery(productQueries.list({ farm: slug }))
  usePageTitle(producer.data?.name ?? 'Our Producers')

  if (producer.isError && producer.error instanceof ApiError && producer.error.status === 404) {
    return <NotFoundPage {...NOT_FOUND_COPY.producer} />
  }
  if (producer.isPending || producer.isError) {
    return (
      <p
        className="min-h-[60vh] py-24 text-center text-muted-foreground"
        role={producer.isError ? 'alert' : 'status'}
      >
        {producer.isError
          ? 'This producer could not be loaded. Please try again later.'
          : 'Loading producer...'}
      </p>
    )
  }
  const farm = producer.data
  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
      <Breadcrumb
        className="pt-6"
        crumbs={[{ label: 'Producers', to: '/producers' }, { label: farm.name }]}
      />
      <header className="mt-6 grid items-center gap-6 rounded-2xl bg-wheat p-6 sm:grid-cols-[auto_1fr] sm:p-8">
        <ProducerLogo
          name={farm.name}
          imageUrl={farm.imageUrl}
          eager
          className="size-32 sm:size-40"
        />
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-semibold text-forest sm:text-4xl">{farm.name}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <MapPinIcon className="size-4" aria-hidden /> {farm.location}
            </span>
            {farm.distance ? <span>{farm.distance}</span> : null}
            {farm.established ? <span>{farm.established}</span> : null}
          </p>
          <p className="text-lg">{farm.description}</p>
        </div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <Story producer={farm} />
        <Facts producer={farm} />
      </div>
      <section className="mt-12" aria-labelledby="producer-products">
        <h2 id="producer-products" className="mb-6 text-2xl font-semibold text-forest">
          From {farm.name}
        </h2>
        {products.isPending ? (
          <p className="text-muted-foreground" role="status">
            Loading products...
          </p>
        ) : (products.data ?? []).length === 0 ? (
          <p className="text-muted-foreground">
            Nothing from {farm.name} this week.{' '}
            <Link to="/shop" className="font-semibold text-primary hover:underline">
              Browse the shop
            </Link>
          </p>
        ) : (
          <ProducerProductsRow
            products={products.data ?? []}
            renderAction={(product) => <ProductCardAction product={product} />}
          />
        )}
      </section>
    </div>
  )
}

function Story({ producer }: { producer: Producer }) {
  const paragraphs = (text: string) =>
    text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '')
  return (
    <section
      aria-labelledby="producer-story"
      className="flex flex-col gap-4 text-lg leading-relaxed"
    >
      <h2 id="producer-story" className="text-2xl font-semibold text-forest">
        Their story
      </h2>
      {paragraphs(producer.story).map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
      {producer.additionalStory
        ? paragraphs(producer.additionalStory).map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="text-muted-foreground">
              {paragraph}
            </p>
          ))
        : null}
    </section>
  )
}

function Facts({ producer }: { producer: Producer }) {
  return (
    <aside className="flex flex-col gap-6 self-start rounded-xl border border-border bg-card p-6">
      <FactList
        icon={<SproutIcon className="size-4" aria-hidden />}
        title="Specialties"
        items={producer.specialties}
      />
      <FactList
        icon={<LeafIcon className="size-4" aria-hidden />}
        title="How they farm"
        items={producer.practices}
      />
      {producer.availability || producer.deliveryDays.length > 0 ? (
        <div>
          <h2 className="mb-2 flex items-center gap-2 font-sans text-sm font-semibold tracking-wide text-forest uppercase">
            <CalendarDaysIcon className="size-4" aria-hidden /> Availability
          </h2>
          {producer.availability ? <p>{producer.availability}</p> : null}
          {producer.deliveryDays.length > 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">
              Delivers to us: {producer.deliveryDays.join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
    </aside>
  )
}

function FactList({
  icon,
  title,
  items,
}: {
  icon: ReactNode
  title: string
  items: readonly string[]
}) {
  if (items.length === 0) return null
  return (
    <div>
      <h2 className="mb-2 flex items-center gap-2 font-sans text-sm font-semibold tracking-wide text-forest uppercase">
        {icon} {title}
      </h2>
      <ul className="flex flex-col gap-1.5 text-sm">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <span className="mt-2 size-1.5 shrink-0 rounded-full bg-leaf" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
    </div>
  )
}
