import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useParams } from '#web/lib/router.tsx'
import { findCategory } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import type { Product } from '#shared/schemas/product.ts'
import { Breadcrumb, type Crumb } from '#web/components/layout/breadcrumb.tsx'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { HydratedOnly } from '#web/components/ui/no-script-only.tsx'
import { useSession } from '#web/features/account/hooks/use-session.ts'
import { CustomBoxBuilder } from '#web/features/basket/components/custom-box-builder.tsx'
import { ProductCardAction } from '#web/features/basket/components/product-card-action.tsx'
import { productQueries } from '#web/features/catalog/api/product-queries.ts'
import { ActiveFilters } from '#web/features/catalog/components/active-filters.tsx'
import { CategoryChips } from '#web/features/catalog/components/category-chips.tsx'
import { CategorySidebar } from '#web/features/catalog/components/category-sidebar.tsx'
import { FilterSheet } from '#web/features/catalog/components/filter-sheet.tsx'
import { ProductFilters } from '#web/features/catalog/components/product-filters.tsx'
import { ProductResults } from '#web/features/catalog/components/product-results.tsx'
import { SortSelect } from '#web/features/catalog/components/sort-select.tsx'
import { shopProductFilters, useShopFilters } from '#web/features/catalog/hooks/use-shop-filters.ts'
import { shopTitle } from '#web/features/catalog/shop-title.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

// a signed-in customer's row, never in the server's HTML (the same for everyone) nor in the
// shop's first load (docs/decisions/0010-page-javascript-budget.md)
const BuyAgainRow = lazy(() => import('#web/features/catalog/components/buy-again-row.tsx'))

/**
 * /shop, /shop/:category, /shop/:category/:subcategory and /shop?search=. The filters and the
 * sort live in the URL query and run on the server (docs/product.md#catalogue).
 */
export default function ShopPage() {
  const { category: categorySlug, subcategory: subcategorySlug } = useParams()
  const category = categorySlug ? findCategory(categorySlug) : undefined
  const subcategory = subcategorySlug
    ? category?.subcategories.find((s) => s.slug === subcategorySlug)
    : undefined
  const {
    filters,
    search,
    activeCount,
    filterQuery,
    formAction,
    filterFormKeep,
    sortFormKeep,
    update,
    toggleTag,
    clearFilters,
    hrefWith,
    page,
    moreHref,
  } = useShopFilters()
  const [box, setBox] = useState<Product | null>(null)
  // the box's own list as the server offers it: in stock, never a box
  const choices = useQuery({ ...productQueries.boxChoices(box?.id ?? ''), enabled: box !== null })
  const boxChoices = choices.data ?? []

  const products = useQuery({
    ...productQueries.list(
      shopProductFilters(filters, {
        category: category?.slug,
        subcategory: subcategory?.slug,
        search,
      }),
    ),
    // the last list stays (dimmed) while the next loads, so the grid does not jump
    placeholderData: keepPreviousData,
  })
  const count = products.data?.length

  const title = shopTitle({ category: category?.slug, subcategory: subcategory?.slug, search })
  usePageTitle(title)

  const crumbs: Crumb[] = [
    { label: 'Shop', to: '/shop' },
    ...(category
      ? [{ label: category.title, to: subcategory ? paths.shop(category.slug) : undefined }]
      : []),
    ...(subcategory ? [{ label: subcategory.title }] : []),
    ...(search ? [{ label: 'Search' }] : []),
  ]

  const filterProps = {
    filters,
    action: formAction,
    keep: filterFormKeep,
    onToggleTag: toggleTag,
    onPriceChange: update,
    onFarmChange: (farm: string | undefined) => update({ farm }),
  }
  const navProps = {
    category,
    subcategorySlug: subcategory?.slug,
    query: filterQuery,
    searching: search !== undefined,
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
      <Breadcrumb className="pt-6" crumbs={crumbs} />
      <PageHeader title={title} spacing="pt-4 pb-5 sm:pt-6 sm:pb-8" />
      <CategoryChips {...navProps} className="mb-5 lg:hidden" />
      {!category && search === undefined ? (
        <HydratedOnly>
          <BuyAgainWhenSignedIn onOpenBox={setBox} />
        </HydratedOnly>
      ) : null}
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <div className="hidden lg:flex lg:flex-col lg:gap-8">
          <CategorySidebar {...navProps} />
          <section aria-labelledby="shop-filters-heading" className="flex flex-col gap-4">
            <h2
              id="shop-filters-heading"
              className="border-t border-border pt-6 font-sans text-xs font-semibold tracking-wider text-muted-foreground uppercase"
            >
              Filters
            </h2>
            <ProductFilters {...filterProps} />
          </section>
        </div>
        <section aria-labelledby="shop-products-heading" className="flex flex-col gap-4">
          <h2 id="shop-products-heading" className="sr-only">
            Products
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <FilterSheet
              {...filterProps}
              activeCount={activeCount}
              resultCount={count}
              onClear={clearFilters}
              className="lg:hidden"
            />
            <SortSelect
              value={filters.sort}
              onChange={(sort) => update({ sort })}
              action={formAction}
              keep={sortFormKeep}
              className="min-w-0 flex-1 sm:order-last sm:flex-none"
            />
            <p
              className="w-full text-sm text-muted-foreground sm:mr-auto sm:w-auto"
              aria-live="polite"
            >
              {count === undefined ? '' : `${count} ${count === 1 ? 'product' : 'products'}`}
            </p>
          </div>
          <ActiveFilters filters={filters} hrefWith={hrefWith} />
          <ProductResults
            onOpenBox={setBox}
            renderAction={(product) => <ProductCardAction product={product} onOpenBox={setBox} />}
            products={products}
            page={page}
            moreHref={moreHref}
            emptyText={
              search && activeCount === 0
                ? `No products found for "${search}".`
                : 'No products found in this category.'
            }
          />
        </section>
      </div>
      <CustomBoxBuilder
        box={box}
        choices={boxChoices}
        status={choices.status}
        onClose={() => setBox(null)}
      />
    </div>
  )
}

/** The signed-in customer's "Buy again" row: the session is theirs, so never in the server's HTML. */
function BuyAgainWhenSignedIn({ onOpenBox }: { onOpenBox: (box: Product) => void }) {
  const { user } = useSession()
  if (user === null) return null
  return (
    <Suspense fallback={null}>
      <BuyAgainRow
        onOpenBox={onOpenBox}
        renderAction={(product) => <ProductCardAction product={product} onOpenBox={onOpenBox} />}
      />
    </Suspense>
  )
}
