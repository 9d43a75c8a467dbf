import type { z } from 'zod'
import { findCategory } from '#shared/domain/catalog.ts'
import {
  ProductInputSchema,
  type AdminProductListQuery,
  type Product,
  type ProductInput,
  type ProductValues,
} from '#shared/schemas/product.ts'
import { AppError } from '../../app-error.ts'
import type { AdminProductsRepo } from './admin-products.repo.ts'
import type { ProductRow } from './catalog.repo.ts'
import { toProduct, type CatalogService } from './catalog.service.ts'

/**
 * The admin's product list and its changes (docs/product.md#admin). Every change invalidates the shop's cached lists, here and in the other processes, so the shop
 * shows it at once.
 */
export function createAdminProductsService({
  repo,
  catalog,
  now,
}: {
  repo: AdminProductsRepo
  catalog: Pick<CatalogService, 'invalidate'>
  now: () => Date
}) {
  return {
    async list(query: AdminProductListQuery): Promise<Product[]> {
      return (await repo.listProducts(query)).map(toProduct)
    },

    async create(values: ProductValues): Promise<Product> {
      const row = await repo.insertProduct(values, now())
      catalog.invalidate()
      return toProduct(row)
    },

    /** any subset of the form's fields, checked once merged (a client may send the whole form) */
    async update(id: string, patch: LoosePatch): Promise<Product> {
      const row = await repo.updateProduct(id, (current) => mergedValues(current, patch), now())
      if (!row) throw new AppError('PRODUCT_NOT_FOUND')
      catalog.invalidate()
      return toProduct(row)
    },

    async remove(id: string): Promise<{ message: string }> {
      if (!(await repo.deleteProduct(id))) throw new AppError('PRODUCT_NOT_FOUND')
      catalog.invalidate()
      return { message: 'Product deleted' }
    },
  }
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>

type LoosePatch = Partial<Record<keyof ProductInput, unknown>>

const canonicalCategory = (slug: unknown) =>
  typeof slug === 'string' ? (findCategory(slug)?.slug ?? slug) : slug

/**
 * The stored product with the patch laid over it, checked whole by the form's schema. Changing
 * the category clears both subcategories unless the patch sets them (docs/product.md#admin).
 */
function mergedValues(current: ProductRow, patch: LoosePatch): ProductValues {
  const categoryChanged =
    patch.category !== undefined && canonicalCategory(patch.category) !== current.category
  const merged: Record<keyof ProductInput, unknown> = {
    name: current.name,
    description: current.description,
    price: current.price,
    category: current.category,
    subcategory: categoryChanged ? null : current.subcategory,
    subcategory2: categoryChanged ? null : current.subcategory2,
    farmSource: current.farmSource,
    imageUrl: current.imageUrl,
    inStock: current.inStock,
    stockCount: current.stockCount,
    isNew: current.isNew,
    tags: current.tags,
    ...withoutUndefined(patch),
  }
  const result = ProductInputSchema.safeParse(merged)
  if (!result.success) throw invalidFields(result.error)
  return result.data
}

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>
}

/** The same 400 as a route's own schema check: the first message, and one message per field. */
function invalidFields(error: z.ZodError): AppError {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'request')
    fields[field] ??= issue.message
  }
  const first = error.issues[0]?.message
  return new AppError('BAD_REQUEST', { ...(first ? { message: first } : {}), fields })
}
