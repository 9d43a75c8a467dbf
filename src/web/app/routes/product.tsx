import { useQuery } from '@tanstack/react-query'
import { CalendarDaysIcon, RepeatIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link, useParams } from '#web/lib/router.tsx'
import { categoryLabel } from '#shared/domain/catalog.ts'
import { cutoffMessage, DELIVERY_WINDOW } from '#shared/domain/delivery.ts'
import { MAX_LINE_QUANTITY } from '#shared/domain/pricing.ts'
import { canBeAdded, mostOf } from '#shared/domain/weekly-stock.ts'
import { paths } from '#shared/routes.ts'
import { Breadcrumb } from '#web/components/layout/breadcrumb.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { AddToCartButton } from '#web/features/basket/add-to-cart-button.tsx'
import { ProductCardAction } from '#web/features/basket/components/product-card-action.tsx'
import { QuantitySelect } from '#web/features/basket/quantity-select.tsx'
import { productQueries } from '#web/features/catalog/api/product-queries.ts'
import {
  ProducerDistance,
  ProductBadges,
  ProductPrice,
} from '#web/features/catalog/components/product-facts.tsx'
import { ProductGrid } from '#web/features/catalog/components/product-grid.tsx'
import { ProductImage } from '#web/components/product-image.tsx'
import { StockNotice } from '#web/components/stock-notice.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useNow } from '#web/lib/use-now.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import NotFoundPage, { NOT_FOUND_COPY } from './not-found.tsx'

// SUBSCRIBE's dialog and its form load when the button is first pressed (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const SubscribeDialog = lazy(() =>
  import('../subscribe-dialog.tsx').then((module) => ({ default: module.SubscribeDialog })),
)

/** The default text for a product without a description (docs/product.md#catalogue). */
const DEFAULT_DESCRIPTION =
  'A naturally leavened sourdough loaf, baked in small batches with stone-ground flour, water and salt. Crackling crust, tender open crumb.'

export default function ProductPage() {
  const { id = '' } = useParams()
  const product = useQuery({ ...productQueries.detail(id), enabled: id !== '' })
  const now = useNow()
  const [quantity, setQuantity] = useState(1)
  usePageTitle(product.data?.name ?? (product.isError ? 'Product not found' : undefined))

  if (product.isPending) {
    return (
      <p className="min-h-[60vh] py-24 text-center text-muted-foreground" role="status">
        Loading product...
      </p>
    )
  }
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) {
      return <NotFoundPage {...NOT_FOUND_COPY.product} />
    }
    return (
      <p className="min-h-[60vh] py-24 text-center text-muted-foreground" role="alert">
        This product could not be loaded. Please try again later.
      </p>
    )
  }
  const item = product.data
  const most = mostOf(item, MAX_LINE_QUANTITY)
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Breadcrumb
        className="mb-6"
        crumbs={[
          { label: 'Shop', to: '/shop' },
          { label: categoryLabel(item.category), to: paths.shop(item.category) },
        ]}
      />
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="relative self-start overflow-hidden rounded-2xl border border-border bg-wheat">
          <ProductImage src={item.imageUrl} alt={item.name} eager />
          {item.isNew ? (
            <span className="absolute top-3 left-3 rounded-full bg-butter px-3 py-1 text-sm font-bold text-charcoal">
              New!
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-semibold text-forest sm:text-4xl">{item.name}</h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
            <span>
              From{' '}
              {item.producerSlug ? (
                <Link
                  to={paths.producer(item.producerSlug)}
                  className="font-semibold text-primary hover:underline"
                >
                  {item.farmSource}
                </Link>
              ) : (
                <span className="font-semibold">{item.farmSource}</span>
              )}
            </span>
            <ProducerDistance distance={item.producerDistance} />
          </p>
          <ProductBadges product={item} />
          <ProductPrice product={item} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="flex items-center gap-3">
              <QuantitySelect
                quantity={Math.max(1, Math.min(quantity, most))}
                most={most}
                onChange={setQuantity}
                disabled={!canBeAdded(item)}
              />
              <AddToCartButton
                product={item}
                quantity={Math.max(1, Math.min(quantity, most))}
                grow
                className="sm:min-w-48 sm:flex-none"
              />
            </div>
            <SubscribeButton productName={item.name} />
          </div>
          {!item.inStock ? (
            <p className="font-semibold text-destructive">Out of stock this week</p>
          ) : (
            <StockNotice leftThisWeek={item.leftThisWeek} className="text-sm" />
          )}
          <p className="flex items-start gap-2 rounded-lg bg-accent px-4 py-3 text-sm text-accent-foreground">
            <CalendarDaysIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {cutoffMessage(now)}, {DELIVERY_WINDOW.label}.
          </p>
          <div>
            <h2 className="mb-2 font-sans text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              About this product
            </h2>
            <p className="leading-relaxed">{item.description || DEFAULT_DESCRIPTION}</p>
          </div>
        </div>
      </div>
      <MoreFromProducer
        farm={item.farmSource}
        producerSlug={item.producerSlug}
        excludeId={item.id}
      />
    </div>
  )
}

/**
 * SUBSCRIBE: weekly delivery subscriptions are not here yet; the waitlist hears first
 * (docs/product.md#catalogue).
 */
function SubscribeButton({ productName }: { productName: string }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  return (
    <>
      <Button
        variant="outline"
        size="lg"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <RepeatIcon aria-hidden />
        SUBSCRIBE
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SubscribeDialog open={open} onOpenChange={setOpen} productName={productName} />
        </Suspense>
      ) : null}
    </>
  )
}

/** The producer's other products; "Meet …" only when the producer has a page (is active). */
function MoreFromProducer({
  farm,
  producerSlug,
  excludeId,
}: {
  farm: string
  producerSlug: string | null
  excludeId: string
}) {
  const more = useQuery(productQueries.list({ farm: producerSlug ?? farm, limit: 5 }))
  const others = (more.data ?? []).filter((product) => product.id !== excludeId).slice(0, 4)
  if (others.length === 0) return null
  return (
    <section className="mt-14" aria-labelledby="more-from-producer">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h2 id="more-from-producer" className="text-2xl font-semibold text-forest">
          More from {farm}
        </h2>
        {producerSlug ? (
          <Link
            to={paths.producer(producerSlug)}
            className="font-semibold text-primary hover:underline"
          >
            Meet {farm}
          </Link>
        ) : null}
      </div>
      {/* below the product's own picture, which is the one to fetch first */}
      <ProductGrid
        products={others}
        eagerImages={0}
        renderAction={(product) => <ProductCardAction product={product} />}
      />
    </section>
  )
}
