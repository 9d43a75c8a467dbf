import { findCategory } from '#shared/domain/catalog.ts'
import { isFarmBox } from '#shared/domain/farm-boxes.ts'
import {
  BOX_CHOICE_MESSAGES,
  PRODUCT_FORM_MESSAGES,
  ProductInputSchema,
  type AdminProduct,
  type AdminProductListQuery,
  type BoxChoices,
  type ProductInput,
  type ProductValues,
} from '#shared/schemas/product.ts'
import { AppError } from '../../app-error.ts'
import { FOREIGN_KEY_VIOLATION, databaseErrorOf } from '../../db/database-error.ts'
import type { AdminProductsRepo } from './admin-products.repo.ts'
import type { ProductRow } from './catalog.repo.ts'
import type { CatalogService } from './catalog.service.ts'
import { mergedWithPatch } from './merged-patch.ts'

/**
 * The admin's product list and its changes (docs/product.md#admin). Every change invalidates
 * the shop's cached lists, here and in the other processes, so the shop shows it at once.
 */
export function createAdminProductsService({
  repo,
  catalog,
  now,
}: {
  repo: AdminProductsRepo
  catalog: Pick<
    CatalogService,
    'invalidate' | 'productsForOrder' | 'boxChoiceIds' | 'replaceBoxChoices' | 'productsOf'
  >
  now: () => Date
}) {
  /** the product, which must be a farm box to have a list of items */
  async function farmBox(id: string) {
    const [box] = await catalog.productsForOrder([id])
    if (!box) throw new AppError('PRODUCT_NOT_FOUND')
    if (!isFarmBox(box)) {
      throw new AppError('BAD_REQUEST', {
        message: BOX_CHOICE_MESSAGES.notABox,
        fields: { productIds: BOX_CHOICE_MESSAGES.notABox },
      })
    }
    return box
  }

  /** the rows as the admin's list shows them, with what is left this week of the limited ones */
  async function adminProductsOf(rows: ProductRow[]): Promise<AdminProduct[]> {
    const shown = await catalog.productsOf(rows)
    return rows.flatMap((row, index) => {
      const product = shown[index]
      return product
        ? [{ ...product, producerId: row.producerId, producerActive: row.producerActive }]
        : []
    })
  }
  const adminProductOf = async (row: ProductRow) => {
    const [product] = await adminProductsOf([row])
    if (!product) throw new Error('a product shown is missing')
    return product
  }

  return {
    async list(query: AdminProductListQuery): Promise<AdminProduct[]> {
      return adminProductsOf(await repo.listProducts(query))
    },

    async create(values: ProductValues): Promise<AdminProduct> {
      const row = await refusingUnknownProducer(() => repo.insertProduct(values, now()))
      catalog.invalidate()
      return adminProductOf(row)
    },

    /** any subset of the form's fields, checked once merged (a client may send the whole form) */
    async update(id: string, patch: LoosePatch): Promise<AdminProduct> {
      const row = await refusingUnknownProducer(() =>
        repo.updateProduct(id, (current) => mergedValues(current, patch), now()),
      )
      if (!row) throw new AppError('PRODUCT_NOT_FOUND')
      catalog.invalidate()
      return adminProductOf(row)
    },

    /**
     * A body that names its producer as `farmSource` (the producer's name, as products show it)
     * gets that producer's id as `producerId`; any other body is returned as it came.
     */
    async withProducerIdOfFarmSource(body: unknown): Promise<unknown> {
      if (!isRecord(body) || !('farmSource' in body)) return body
      const { farmSource, ...rest } = body
      const name = typeof farmSource === 'string' ? farmSource.trim() : ''
      if (!name) throw farmSourceRefused(PRODUCT_FORM_MESSAGES.farmSourceRequired)
      const producerId = await repo.producerIdNamed(name)
      if (!producerId) throw farmSourceRefused(PRODUCT_FORM_MESSAGES.unknownFarmSource(name))
      if (rest.producerId !== undefined && rest.producerId !== producerId) {
        throw farmSourceRefused(PRODUCT_FORM_MESSAGES.farmSourceAndProducerDiffer)
      }
      return { ...rest, producerId }
    },

    /** A farm box's own list of items, in order (docs/product.md#farm-boxes). */
    async boxChoices(boxId: string): Promise<BoxChoices> {
      await farmBox(boxId)
      return { productIds: (await catalog.boxChoiceIds([boxId])).get(boxId) ?? [] }
    },

    /**
     * Replaces a farm box's list: products of the shop, in stock or not (the builder shows those
     * in stock), never a box. An empty list lets the box offer its filling category again.
     */
    async setBoxChoices(boxId: string, { productIds }: BoxChoices): Promise<BoxChoices> {
      await farmBox(boxId)
      const found = new Map(
        (await catalog.productsForOrder(productIds)).map((product) => [product.id, product]),
      )
      productIds.forEach((id, index) => {
        const product = found.get(id)
        if (!product) throw boxChoiceRefused(index, BOX_CHOICE_MESSAGES.unknown)
        if (isFarmBox(product)) {
          throw boxChoiceRefused(index, BOX_CHOICE_MESSAGES.boxInBox(product.name))
        }
      })
      try {
        await catalog.replaceBoxChoices(boxId, productIds)
      } catch (error) {
        // a product deleted between the check and the write
        if (databaseErrorOf(error)?.code !== FOREIGN_KEY_VIOLATION) throw error
        throw new AppError('BAD_REQUEST', {
          message: BOX_CHOICE_MESSAGES.unknown,
          fields: { productIds: BOX_CHOICE_MESSAGES.unknown },
        })
      }
      catalog.invalidate()
      return { productIds: [...productIds] }
    },

    async remove(id: string): Promise<{ message: string }> {
      if (!(await repo.deleteProduct(id))) throw new AppError('PRODUCT_NOT_FOUND')
      catalog.invalidate()
      return { message: 'Product deleted' }
    },
  }
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>

function boxChoiceRefused(index: number, message: string) {
  return new AppError('BAD_REQUEST', { message, fields: { [`productIds.${index}`]: message } })
}

/**
 * The foreign key decides whether the producer exists, in the same statement that stores the
 * product, so a producer deleted a moment before cannot slip through a separate check.
 */
async function refusingUnknownProducer<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (databaseErrorOf(error)?.code !== FOREIGN_KEY_VIOLATION) throw error
    throw new AppError('BAD_REQUEST', {
      message: PRODUCT_FORM_MESSAGES.unknownProducer,
      fields: { producerId: PRODUCT_FORM_MESSAGES.unknownProducer },
    })
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const farmSourceRefused = (message: string) =>
  new AppError('BAD_REQUEST', { message, fields: { farmSource: message } })

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
  const stored: Record<keyof ProductInput, unknown> = {
    name: current.name,
    description: current.description,
    price: current.price,
    category: current.category,
    subcategory: categoryChanged ? null : current.subcategory,
    subcategory2: categoryChanged ? null : current.subcategory2,
    producerId: current.producerId,
    imageUrl: current.imageUrl,
    inStock: current.inStock,
    stockCount: current.stockCount,
    isNew: current.isNew,
    seasonal: current.seasonal,
    taxable: current.taxable,
    weeklyQuantity: current.weeklyQuantity,
    tags: current.tags,
  }
  return mergedWithPatch(ProductInputSchema, stored, patch)
}
