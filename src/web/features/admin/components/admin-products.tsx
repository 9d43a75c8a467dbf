import { useQuery } from '@tanstack/react-query'
import { ListChecksIcon, PackageSearchIcon } from 'lucide-react'
import { useState } from 'react'
import { CATEGORIES, categoryLabel, findSubcategory } from '#shared/domain/catalog.ts'
import { isFarmBox } from '#shared/domain/farm-boxes.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { AdminProduct } from '#shared/schemas/product.ts'
import {
  DataTable,
  RowAction,
  RowTitle,
  StatusBadge,
  type Column,
} from '#web/components/admin/data-table.tsx'
import { FilterSelect, ListFilters, ListHeader } from '#web/components/admin/list-controls.tsx'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { adminProductQueries, useDeleteProduct } from '../api/admin-products.ts'
import { BoxChoicesDialog } from './box-choices-dialog.tsx'
import { ProductDialog } from './product-dialog.tsx'

const ALL = 'all'
const CATEGORY_OPTIONS = CATEGORIES.map((entry) => ({ value: entry.slug, label: entry.title }))

const subcategoryLabel = (product: AdminProduct) =>
  product.subcategory
    ? (findSubcategory(product.category, product.subcategory)?.title ?? product.subcategory)
    : '—'

/** /admin/products (docs/product.md#admin): search, filter, add, edit and delete the products. */
export function AdminProducts() {
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState<string>(ALL)
  const debouncedSearch = useDebouncedValue(search.trim(), 250)
  const filtered = Boolean(debouncedSearch) || category !== ALL
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
      <ListHeader
        title="Products"
        count={
          products.data
            ? `${products.data.length} ${products.data.length === 1 ? 'product' : 'products'}${
                filtered ? ' found' : ' in the shop'
              }`
            : undefined
        }

        sibling={{ to: '/admin/producers', label: 'Producers' }}
        addLabel="Add Product"
        onAdd={() => setEditing('new')}
      />

      <ListFilters search={search} onSearch={setSearch} searchLabel="Search by name or farm">
        <FilterSelect
          label="Category"
          value={category}
          onChange={setCategory}
          all={{ value: ALL, label: 'All categories' }}
          options={CATEGORY_OPTIONS}
        />
      </ListFilters>

      <DataTable
        title="Products"
        query={products}
        empty={{
          icon: PackageSearchIcon,
          title: 'No products found',
          text: filtered
            ? 'No product matches this search. Try another name, farm or category.'
            : 'Add the first product to the shop.',
        }}
        columns={PRODUCT_COLUMNS}
        cardClassName="grid grid-cols-[3rem_1fr_auto] gap-x-3 gap-y-1 px-4 py-3"
        actionsClassName="col-start-3 row-span-2 row-start-3 items-end"
        onEdit={setEditing}
        moreActions={(product) =>
          isFarmBox(product) ? (
            <RowAction
              icon={ListChecksIcon}
              label={`Items in ${product.name}`}
              onClick={() => setEditingBox(product)}
            />
          ) : null
        }
        onDelete={setDeleting}
      />

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

/** Below lg each row is a card: the picture and name, then the cells wrapped under the name. */
const PRODUCT_COLUMNS: [Column<AdminProduct>, ...Column<AdminProduct>[]] = [
  {
    id: 'name',
    header: 'Name',
    className: 'col-span-2 flex items-center gap-3',
    cell: (product) => (
      <RowTitle image={product.imageUrl} name={product.name}>
        {product.isNew ? (
          <span className="rounded-full bg-butter px-2 py-0.5 text-xs font-semibold text-charcoal">
            New
          </span>
        ) : null}
      </RowTitle>
    ),
  },
  {
    id: 'category',
    header: 'Category',
    className: 'col-start-2 row-start-2 text-muted-foreground lg:text-foreground',
    cell: (product) => (
      <>
        {categoryLabel(product.category)}
        <span className="lg:hidden"> · {subcategoryLabel(product)}</span>
      </>
    ),
  },
  { id: 'subcategory', header: 'Subcategory', className: 'hidden', cell: subcategoryLabel },
  {
    id: 'farm',
    header: 'Farm Source',
    className: 'col-start-2 row-start-3 text-muted-foreground lg:text-foreground',
    cell: (product) => (
      <>
        {product.farmSource}
        {product.producerActive ? null : (
          <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
            Inactive
          </span>
        )}
      </>
    ),
  },
  {
    id: 'price',
    header: 'Price',
    align: 'end',
    className: 'col-start-3 row-start-1 text-right font-semibold tabular-nums',
    cell: (product) => formatDecimalPrice(product.price),
  },
  {
    id: 'weight',
    header: 'Weight/Qty',
    className:
      'col-start-3 row-start-2 text-right text-muted-foreground lg:text-left lg:text-foreground',
    cell: (product) => product.stockCount,
  },
  {
    id: 'status',
    header: 'Status',
    className: 'col-start-2 row-start-4',
    cell: (product) =>
      product.inStock ? (
        <StatusBadge tone="good">In Stock</StatusBadge>
      ) : (
        <StatusBadge tone="alarm">Out of Stock</StatusBadge>
      ),
  },
]

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
