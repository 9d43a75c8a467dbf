import { ERRORS } from '#shared/errors.ts'
import {
  ProducerInputSchema,
  type AdminProducer,
  type ProducerInput,
  type ProducerValues,
} from '#shared/schemas/producer.ts'
import { AppError } from '../../app-error.ts'
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/database-error.ts'
import type { AdminProducerRow, AdminProducersRepo, ProducerRow } from './admin-producers.repo.ts'
import type { CatalogService } from './catalog.service.ts'
import { mergedWithPatch } from './merged-patch.ts'

/**
 * The admin's producers (docs/product.md#admin): list, create, change, delete. Every change
 * invalidates the catalogue here and in the other processes, so /producers, a producer's page,
 * the products' farmSource and the sitemap follow at once.
 */
export function createAdminProducersService({
  repo,
  catalog,
  now,
}: {
  repo: AdminProducersRepo
  catalog: Pick<CatalogService, 'invalidate'>
  now: () => Date
}) {
  return {
    async list(): Promise<AdminProducer[]> {
      return (await repo.list()).map(toAdminProducer)
    },

    async create(values: ProducerValues): Promise<AdminProducer> {
      const row = await refusingTakenNames(() => repo.insert(values, now()))
      catalog.invalidate()
      return toAdminProducer(row)
    },

    /** any subset of the form's fields, checked once merged (the dialog sends the whole form) */
    async update(id: string, patch: Partial<Record<keyof ProducerInput, unknown>>) {
      const row = await refusingTakenNames(() =>
        repo.update(
          id,
          (current) => mergedWithPatch(ProducerInputSchema, storedValues(current), patch),
          now(),
        ),
      )
      if (!row) throw new AppError('PRODUCER_NOT_FOUND')
      catalog.invalidate()
      return toAdminProducer(row)
    },

    /** A producer that products still name is kept (409): they would lose their farm. */
    async remove(id: string): Promise<{ message: string }> {
      const removal = await repo.remove(id)
      if (!removal) throw new AppError('PRODUCER_NOT_FOUND')
      if (!removal.removed) {
        const products =
          removal.productCount === 1 ? '1 product' : `${removal.productCount} products`
        throw new AppError('PRODUCER_HAS_PRODUCTS', {
          message: `${removal.name} still has ${products}. Move them to another producer or delete them first.`,
        })
      }
      catalog.invalidate()
      return { message: 'Producer deleted' }
    },
  }
}

export type AdminProducersService = ReturnType<typeof createAdminProducersService>

/** The unique indexes decide, so two admins saving the same slug at once cannot both succeed. */
async function refusingTakenNames<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const refusal = databaseErrorOf(error)
    if (refusal?.code !== UNIQUE_VIOLATION) throw error
    if (refusal.constraint === 'producers_slug_unique') {
      throw new AppError('PRODUCER_SLUG_TAKEN', {
        fields: { slug: ERRORS.PRODUCER_SLUG_TAKEN.message },
      })
    }
    if (refusal.constraint === 'producers_name_lower_unique') {
      throw new AppError('PRODUCER_NAME_TAKEN', {
        fields: { name: ERRORS.PRODUCER_NAME_TAKEN.message },
      })
    }
    throw error
  }
}

/** The fields of a producer an admin writes, as stored. */
function producerFields(row: ProducerRow) {
  return {
    name: row.name,
    slug: row.slug,
    location: row.location,
    distance: row.distance,
    established: row.established,
    imageUrl: row.imageUrl,
    description: row.description,
    specialties: row.specialties,
    story: row.story,
    additionalStory: row.additionalStory,
    practices: row.practices,
    availability: row.availability,
    deliveryDays: row.deliveryDays,
    email: row.email,
    active: row.active,
  }
}

function storedValues(row: ProducerRow): Record<keyof ProducerInput, unknown> {
  return producerFields(row)
}

function toAdminProducer(row: AdminProducerRow): AdminProducer {
  return {
    id: row.id,
    ...producerFields(row),
    productCount: row.productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
