import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { categoryLabel } from '#shared/domain/catalog.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { paths } from '#shared/routes.ts'
import { Breadcrumb } from '#web/components/layout/breadcrumb.tsx'
import { productQueries } from '#web/features/catalog/api/product-queries.ts'
import { ProductImage } from '#web/features/catalog/components/product-image.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** The spec's default text for a product without a description. */
const DEFAULT_DESCRIPTION =
  'A naturally leavened sourdough loaf, baked in small batches with stone-ground flour, water and salt. Crackling crust, tender open crumb.'

export default function ProductPage() {
  const { id = '' } = useParams()
  const product = useQuery({ ...productQueries.detail(id), enabled: id !== '' })
  usePageTitle(product.data?.name ?? (product.isError ? 'Product not found' : undefined))

  if (product.isPending) {
    return (
      <p className="py-24 text-center text-muted-foreground" role="status">
        Loading product...
      </p>
    )
  }
  if (product.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-24 text-center">
        <h1 className="text-3xl font-semibold text-destructive">Product not found</h1>
        <Link to="/shop" className="font-semibold text-primary hover:underline">
          Back to Shop
        </Link>
      </div>
    )
  }
  const item = product.data
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
        <div className="overflow-hidden rounded-2xl border border-border bg-wheat">
          <ProductImage src={item.imageUrl} alt={item.name} eager />
        </div>
        <div className="flex flex-col gap-4">
          {item.isNew ? (
            <span className="self-start rounded-full bg-butter px-3 py-1 text-xs font-bold text-charcoal">
              New!
            </span>
          ) : null}
          <h1 className="text-3xl font-semibold text-forest sm:text-4xl">{item.name}</h1>
          <p className="text-muted-foreground">From {item.farmSource}</p>
          <p className="flex items-baseline gap-3">
            <span className="text-2xl font-semibold">{formatDecimalPrice(item.price)}</span>
            <span className="text-muted-foreground">{item.stockCount}</span>
          </p>
          {!item.inStock ? (
            <p className="font-semibold text-destructive">Out of stock this week</p>
          ) : null}
          <p className="leading-relaxed">{item.description || DEFAULT_DESCRIPTION}</p>
        </div>
      </div>
    </div>
  )
}
