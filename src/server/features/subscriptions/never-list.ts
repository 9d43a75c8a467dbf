import type { NeverList } from '#shared/schemas/subscriptions.ts'
import { AppError } from '../../app-error.ts'
import { databaseErrorOf, FOREIGN_KEY_VIOLATION } from '../../db/database-error.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { NeverListRepo } from './never-list.repo.ts'

/**
 * A customer's never-list (docs/product.md#never-list): the products they never want in a box
 * the farmer fills, by name. Only products the shop sells can be listed; a product the shop deletes
 * leaves every list.
 */
export function createNeverList({
  repo,
  catalog,
}: {
  repo: NeverListRepo
  catalog: Pick<CatalogService, 'productsForOrder'>
}) {
  async function named(ids: readonly string[]): Promise<NeverList> {
    const products = new Map(
      (await catalog.productsForOrder(ids)).map((product) => [product.id, product.name]),
    )
    return {
      products: ids
        .flatMap((id) => {
          const name = products.get(id)
          return name === undefined ? [] : [{ id, name }]
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    }
  }

  return {
    async of(userId: string): Promise<NeverList> {
      return named(await repo.productIdsOf(userId))
    },

    async replace(userId: string, productIds: readonly string[]): Promise<NeverList> {
      const unique = [...new Set(productIds)]
      const known = new Set((await catalog.productsForOrder(unique)).map((product) => product.id))
      const unknown = unique.find((id) => !known.has(id))
      if (unknown) throw new AppError('PRODUCT_NOT_FOUND')
      try {
        await repo.replace(userId, unique)
      } catch (error) {
        // a product deleted between the check and the write
        if (databaseErrorOf(error)?.code !== FOREIGN_KEY_VIOLATION) throw error
        throw new AppError('PRODUCT_NOT_FOUND')
      }
      return named(unique)
    },
  }
}

export type NeverListService = ReturnType<typeof createNeverList>
