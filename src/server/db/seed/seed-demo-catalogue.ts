import { count, eq, inArray, sql } from 'drizzle-orm'
import type { Logger } from '../../logger.ts'
import type { Database } from '../client.ts'
import { appMeta, boxChoices, coupons, producers, products } from '../schema/index.ts'
import { DEMO_BOX_CHOICES } from './demo-box-choices.ts'
import { DEMO_COUPONS } from './demo-coupons.ts'
import { DEMO_PRODUCERS } from './demo-producers.ts'
import { DEMO_PRODUCTS } from './demo-products.ts'
import { productIllustrationUrl } from './demo-types.ts'

const SEED_LOCK_KEY = 4_242_002
const MARKER = 'demo_catalogue_loaded_at'

/**
 * Loads the demo catalogue into an empty database, once: a marker row records that it ran,
 * so a shop owner who later deletes every product does not get the demo back. Runs in one
 * transaction under an advisory lock, so two processes starting together load it once.
 */
export async function seedDemoCatalogue(db: Database, log: Logger): Promise<'loaded' | 'skipped'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, MARKER))
    if (marker) return 'skipped'
    const [existing] = await tx.select({ products: count() }).from(products)
    if ((existing?.products ?? 0) > 0) {
      await tx.insert(appMeta).values({ key: MARKER, value: 'skipped: catalogue not empty' })
      return 'skipped'
    }
    await tx
      .insert(producers)
      .values(DEMO_PRODUCERS.map((producer, index) => ({ ...producer, sortOrder: index })))
      .onConflictDoNothing()
    const producerIds = new Map(
      (
        await tx
          .select({ id: producers.id, slug: producers.slug })
          .from(producers)
          .where(
            inArray(
              producers.slug,
              DEMO_PRODUCERS.map((producer) => producer.slug),
            ),
          )
      ).map((producer) => [producer.slug, producer.id]),
    )
    const inserted = await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map(({ image, producerSlug, ...product }) => {
          const producerId = producerIds.get(producerSlug)
          if (!producerId)
            throw new Error(`demo product ${product.name}: no producer ${producerSlug}`)
          return {
            ...product,
            producerId,
            subcategory2: product.subcategory2 ?? null,
            imageUrl: productIllustrationUrl(image),
          }
        }),
      )
      .returning({ id: products.id, name: products.name })
    const productIds = new Map(inserted.map((product) => [product.name, product.id]))
    const idOf = (name: string) => {
      const id = productIds.get(name)
      if (!id) throw new Error(`demo box choices: no product ${name}`)
      return id
    }
    const lists = Object.entries(DEMO_BOX_CHOICES).flatMap(([box, items]) =>
      items.map((item, position) => ({ boxId: idOf(box), productId: idOf(item), position })),
    )
    if (lists.length > 0) await tx.insert(boxChoices).values(lists)
    await tx.insert(coupons).values(DEMO_COUPONS).onConflictDoNothing()
    await tx.insert(appMeta).values({ key: MARKER, value: new Date().toISOString() })
    log.info(
      { producers: DEMO_PRODUCERS.length, products: DEMO_PRODUCTS.length },
      'loaded the demo catalogue',
    )
    return 'loaded'
  })
}
