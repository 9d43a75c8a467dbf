import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import { CATEGORIES, findCategory } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { Breadcrumb } from '#web/components/layout/breadcrumb.tsx'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { productQueries } from '#web/features/catalog/api/product-queries.ts'
import { ProductGrid } from '#web/features/catalog/components/product-grid.tsx'
import { cn } from '#web/lib/cn.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /shop, /shop/:category, /shop/:category/:subcategory and /shop?search= */
export default function ShopPage() {
  const { category: categorySlug, subcategory: subcategorySlug } = useParams()
  const [searchParams] = useSearchParams()
  const search = searchParams.get('search')?.trim() || undefined
  const category = categorySlug ? findCategory(categorySlug) : undefined
  const subcategory = subcategorySlug
    ? category?.subcategories.find((s) => s.slug === subcategorySlug)
    : undefined

  const products = useQuery({
    ...productQueries.list({ category: category?.slug, subcategory: subcategory?.slug, search }),
  })
  const title = search
    ? `Results for "${search}"`
    : subcategory && category
      ? `${category.title}: ${subcategory.title}`
      : (category?.title ?? 'Shop the Farm')
  usePageTitle(title)

  return (
    <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
      <Breadcrumb
        className="pt-6"
        crumbs={[
          { label: 'Shop', to: '/shop' },
          ...(category ? [{ label: category.title, to: paths.shop(category.slug) }] : []),
          ...(subcategory ? [{ label: subcategory.title }] : []),
        ]}
      />
      <PageHeader title={title} className="pt-4 pb-6 sm:pt-6 sm:pb-8" />
      <nav
        aria-label={category ? `${category.title} sections` : 'Categories'}
        className="-mx-4 mb-8 overflow-x-auto px-4 pb-1"
      >
        <ul className="flex gap-2">
          {(category
            ? [{ slug: '', title: `All ${category.title}` }, ...category.subcategories]
            : CATEGORIES
          ).map((item) => {
            const to = category
              ? paths.shop(category.slug, item.slug || undefined)
              : paths.shop(item.slug)
            const active = category ? (subcategory?.slug ?? '') === item.slug : false
            return (
              <li key={item.slug || 'all'}>
                <Link
                  to={to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'block rounded-full border px-4 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                    active
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-border bg-card hover:border-primary hover:text-primary',
                  )}
                >
                  {item.title}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      {products.isPending ? (
        <p className="py-12 text-center text-muted-foreground" role="status">
          Loading products...
        </p>
      ) : products.isError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Error loading products. Please try again later.
        </p>
      ) : products.data.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          No products found in this category.
        </p>
      ) : (
        <ProductGrid products={products.data} />
      )}
    </div>
  )
}
