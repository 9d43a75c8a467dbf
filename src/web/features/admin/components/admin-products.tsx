import { useQuery } from '@tanstack/react-query'
import { ListChecksIcon, PackageSearchIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import { CATEGORIES, categoryLabel, findSubcategory } from '#shared/domain/catalog.ts'
import { isFarmBox } from '#shared/domain/farm-boxes.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { AdminProduct } from '#shared/schemas/product.ts'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { cn } from '#web/lib/cn.ts'
import { ProductImage } from '#web/components/product-image.tsx'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { adminProductQueries, useDeleteProduct } from '../api/admin-products.ts'
import { AdminEmpty, AdminLoadError, AdminLoading } from './admin-states.tsx'
import { BoxChoicesDialog } from './box-choices-dialog.tsx'
import { ProductDialog } from './product-dialog.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'

const ALL = 'all'

const subcategoryLabel = (product: AdminProduct) =>
  product.subcategory
    ? (findSubcategory(product.category, product.subcategory)?.title ?? product.subcategory)
    : '—'

/** /admin/products (docs/product.md#admin): search, filter, add, edit and delete the products. */
export function AdminProducts() {
  const id = useId()
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState<string>(ALL)
  const debouncedSearch = useDebouncedValue(search.trim(), 250)
  const products = useQuery(
    adminProductQueries.list({
      search: debouncedSearch || undefined,
      category: category === ALL ? undefined : category,
    }),
  )
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null)
  const [deleting, setDeleting] = useState<AdminProduct | null>(null)
  const [editingBox, setEditingBox] = useState<AdminProduct | null>(null)

  return (
    <>
      <div className="flex flex-col gap-4 py-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold tracking-wide text-forest uppercase">
            <Link to="/admin" className="underline-offset-4 hover:underline">
              Admin
            </Link>
          </p>
          <h1 className="text-3xl font-semibold text-forest sm:text-4xl">Products</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {products.data
              ? `${products.data.length} ${products.data.length === 1 ? 'product' : 'products'}${
                  debouncedSearch || category !== ALL ? ' found' : ' in the shop'
                }`
              : '\u00a0'}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg" variant="outline">
            <Link to="/admin/producers">Producers</Link>
          </Button>
          <Button size="lg" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden />
            Add Product
          </Button>
        </div>
      </div>

      <div className="mb-5 grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[1fr_16rem]">
        <div>
          <label htmlFor={`${id}-search`} className="sr-only">
            Search by name or farm
          </label>
          <SearchInput
            id={`${id}-search`}
            placeholder="Search by name or farm"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Select value={category} onValueChange={setCategory}>
          <SelectTrigger aria-label="Category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All categories</SelectItem>
            {CATEGORIES.map((entry) => (
              <SelectItem key={entry.slug} value={entry.slug}>
                {entry.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {products.isPending ? (
        <AdminLoading text="Loading products..." />
      ) : products.isError ? (
        <AdminLoadError
          title="Error Loading Products"
          text="Failed to load products. Please refresh the page to try again."
          onRetry={() => void products.refetch()}
        />
      ) : products.data.length === 0 ? (
        <AdminEmpty
          icon={PackageSearchIcon}
          title="No products found"
          text={
            debouncedSearch || category !== ALL
              ? 'No product matches this search. Try another name, farm or category.'
              : 'Add the first product to the shop.'
          }
        />
      ) : (
        <ProductTable
          products={products.data}
          onEdit={setEditing}
          onEditBoxChoices={setEditingBox}
          onDelete={setDeleting}
          busy={products.isFetching}
        />
      )}

      {editing ? (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editingBox ? (
        <BoxChoicesDialog box={editingBox} onClose={() => setEditingBox(null)} />
      ) : null}
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

function ProductTable({
  products,
  onEdit,
  onEditBoxChoices,
  onDelete,
  busy,
}: {
  products: readonly AdminProduct[]
  onEdit: (product: AdminProduct) => void
  onEditBoxChoices: (box: AdminProduct) => void
  onDelete: (product: AdminProduct) => void
  busy: boolean
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card" aria-busy={busy}>
      <table className="w-full text-sm">
        <caption className="sr-only">Products</caption>
        <thead className="hidden bg-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase lg:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Category
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Subcategory
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Farm Source
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">
              Price
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Weight/Qty
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        {/* below lg each row is a card: the cells wrap under the name */}
        <tbody className="divide-y divide-border">
          {products.map((product) => (
            <tr
              key={product.id}
              className="grid grid-cols-[3rem_1fr_auto] gap-x-3 gap-y-1 px-4 py-3 lg:table-row lg:p-0"
            >
              <th
                scope="row"
                className="col-span-2 flex items-center gap-3 text-left font-normal lg:table-cell lg:px-4 lg:py-3"
              >
                <span className="flex items-center gap-3">
                  <ProductImage
                    src={product.imageUrl}
                    alt=""
                    size="size-12"
                    className="shrink-0 rounded-lg bg-wheat"
                  />
                  <span className="flex flex-col items-start gap-1">
                    <span className="font-semibold">{product.name}</span>
                    {product.isNew ? (
                      <span className="rounded-full bg-butter px-2 py-0.5 text-xs font-semibold text-charcoal">
                        New
                      </span>
                    ) : null}
                  </span>
                </span>
              </th>
              <td className="col-start-2 row-start-2 text-muted-foreground lg:table-cell lg:px-3 lg:py-3 lg:text-foreground">
                {categoryLabel(product.category)}
                <span className="lg:hidden"> · {subcategoryLabel(product)}</span>
              </td>
              <td className="hidden lg:table-cell lg:px-3 lg:py-3">{subcategoryLabel(product)}</td>
              <td className="col-start-2 row-start-3 text-muted-foreground lg:table-cell lg:px-3 lg:py-3 lg:text-foreground">
                {product.farmSource}
                {product.producerActive ? null : (
                  <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
                    Inactive
                  </span>
                )}
              </td>
              <td className="col-start-3 row-start-1 text-right font-semibold tabular-nums lg:table-cell lg:px-3 lg:py-3">
                {formatDecimalPrice(product.price)}
              </td>
              <td className="col-start-3 row-start-2 text-right text-muted-foreground lg:table-cell lg:px-3 lg:py-3 lg:text-left lg:text-foreground">
                {product.stockCount}
              </td>
              <td className="col-start-2 row-start-4 lg:table-cell lg:px-3 lg:py-3">
                <span
                  className={cn(
                    'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
                    product.inStock ? 'bg-accent text-accent-foreground' : 'bg-tomato text-white',
                  )}
                >
                  {product.inStock ? 'In Stock' : 'Out of Stock'}
                </span>
              </td>
              <td className="col-start-3 row-span-2 row-start-3 flex items-end justify-end gap-1 lg:table-cell lg:px-4 lg:py-3 lg:text-right lg:whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onEdit(product)}
                  aria-label={`Edit ${product.name}`}
                >
                  <PencilIcon aria-hidden />
                </Button>
                {isFarmBox(product) ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onEditBoxChoices(product)}
                    aria-label={`Items in ${product.name}`}
                  >
                    <ListChecksIcon aria-hidden />
                  </Button>
                ) : null}
                <Button
                  variant="ghost-tomato"
                  size="icon"
                  onClick={() => onDelete(product)}
                  aria-label={`Delete ${product.name}`}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function DeleteProductDialog({
  product,
  onClose,
}: {
  product: AdminProduct | null
  onClose: () => void
}) {
  const remove = useDeleteProduct()
  return (
    <ConfirmDialog
      open={product !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete product"
      description={
        product
          ? `Are you sure you want to delete "${product.name}"? This action cannot be undone.`
          : ''
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() => {
        if (!product) return
        remove.mutate(product.id, {
          onSuccess: () => {
            onClose()
            toast({
              title: 'Product deleted',
              description: `${product.name} was removed from the shop.`,
            })
          },
          onError: () => {
            onClose()
            toast({
              variant: 'destructive',
              title: 'Error',
              description: 'Failed to delete product. Please try again.',
            })
          },
        })
      }}
    />
  )
}
