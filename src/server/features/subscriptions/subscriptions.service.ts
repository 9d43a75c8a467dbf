import { addDaysToDay, chicagoDayOf, comingSaturday } from '#shared/domain/delivery.ts'
import {
  comingScheduledSaturdays,
  deliversOn,
  firstOpenSaturday,
  isBeforeCutoff,
  isScheduledSaturday,
  nextDeliverySaturday,
  type SubscriptionFrequency,
  type SubscriptionPlan,
} from '#shared/domain/subscription-schedule.ts'
import {
  SUBSCRIPTION_MESSAGES,
  type AdminSubscription,
  type CreateSubscriptionInput,
  type Forecast,
  type Subscription,
  type SubscriptionItemInput,
  type UpdateSubscriptionInput,
} from '#shared/schemas/subscriptions.ts'
import { AppError } from '../../app-error.ts'
import { databaseErrorOf, FOREIGN_KEY_VIOLATION } from '../../db/database-error.ts'
import type { Executor } from '../../db/transaction.ts'
import { assertMinimum, type QuoteBasket } from '../quote/index.ts'
import type { SavedCardsService } from '../saved-cards/index.ts'
import type { Roles } from '../auth/index.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { SubscriptionRow, SubscriptionsRepo } from './subscriptions.repo.ts'

/** how many coming Saturdays a subscription shows to skip or unskip */
const COMING_SATURDAYS_SHOWN = 6
/** how far ahead a first Saturday or the end of a pause may be */
const FURTHEST_DAYS_AHEAD = 364

/** a product deleted between the check and the write is a product not found */
async function unlessProductGone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (databaseErrorOf(error)?.code !== FOREIGN_KEY_VIOLATION) throw error
    throw new AppError('PRODUCT_NOT_FOUND')
  }
}

function refused(field: string, message: string) {
  return new AppError('BAD_REQUEST', { message, fields: { [field]: message } })
}

/**
 * Subscriptions the customer runs themselves (docs/product.md#subscriptions): subscribe with a
 * saved card, skip or unskip a Saturday until its cut-off, pause until a day, resume, change the
 * items, frequency or card, cancel. The schedule's rules are shared with the pages
 * (src/shared/domain/subscription-schedule.ts).
 */
export function createSubscriptionsService({
  repo,
  cards,
  catalog,
  customers,
  quote,
  now,
}: {
  repo: SubscriptionsRepo
  customers: Pick<Roles, 'accountsOf'>
  cards: Pick<SavedCardsService, 'customerOfCard'>
  catalog: Pick<CatalogService, 'productsForOrder'>
  quote: QuoteBasket
  now: () => Date
}) {
  function planOf(row: SubscriptionRow): SubscriptionPlan {
    return {
      firstSaturday: row.firstSaturday,
      frequencyWeeks: row.frequencyWeeks as SubscriptionFrequency,
      skipped: row.skipped,
      pausedUntil: row.pausedUntil,
      pausedFrom: row.pausedFrom,
      cancelled: row.cancelledAt ? { lastSaturday: row.lastSaturday } : null,
    }
  }

  /** paused while the pause still reaches a Saturday that can be changed */
  function isPaused(row: SubscriptionRow, at: Date): boolean {
    return row.pausedUntil !== null && row.pausedUntil > firstOpenSaturday(at)
  }

  /** the subscriptions as the customer sees them, their products named as the shop names them now */
  async function viewAll(rows: readonly SubscriptionRow[]): Promise<Subscription[]> {
    const ids = [...new Set(rows.flatMap((row) => row.items.map((item) => item.productId)))]
    const names = new Map(
      (await catalog.productsForOrder(ids)).map((product) => [product.id, product.name]),
    )
    return rows.map((row) => view(row, names))
  }

  async function viewOne(row: SubscriptionRow): Promise<Subscription> {
    const [one] = await viewAll([row])
    if (!one) throw new Error(`no view of subscription ${row.id}`)
    return one
  }

  function view(row: SubscriptionRow, names: ReadonlyMap<string, string>): Subscription {
    const at = now()
    const plan = planOf(row)
    const paused = isPaused(row, at)
    return {
      id: row.id,
      status: row.cancelledAt ? 'cancelled' : paused ? 'paused' : 'active',
      frequencyWeeks: row.frequencyWeeks,
      firstSaturday: row.firstSaturday,
      nextSaturday: nextDeliverySaturday(plan, at),
      comingSaturdays: row.cancelledAt
        ? []
        : comingScheduledSaturdays(plan, at, COMING_SATURDAYS_SHOWN).map((saturday) => ({
            saturday,
            delivers: deliversOn(plan, saturday),
            skipped: row.skipped.includes(saturday),
          })),
      skipped: row.skipped.filter((saturday) => isBeforeCutoff(saturday, at)),
      pausedUntil: paused ? row.pausedUntil : null,
      lastSaturday: row.cancelledAt ? row.lastSaturday : null,
      paymentMethodId: row.paymentMethodId,
      items: row.items
        .map((item) => ({
          id: item.productId,
          name: names.get(item.productId) ?? '',
          quantity: item.quantity,
          customSelections: item.customSelections,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
    }
  }

  const furthestDay = (at: Date) => addDaysToDay(chicagoDayOf(at), FURTHEST_DAYS_AHEAD)

  /** the items as the shop sells them now: known, available, and the minimum order met */
  async function checkItems(items: readonly SubscriptionItemInput[]) {
    assertMinimum(await quote({ items, promo: null, at: now() }))
  }

  async function checkCard(userId: string, paymentMethodId: string) {
    if (!(await cards.customerOfCard(userId, paymentMethodId))) throw new AppError('CARD_NOT_FOUND')
  }

  async function found(userId: string | null, id: string): Promise<SubscriptionRow> {
    const row = await repo.findOf(userId, id)
    if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND')
    return row
  }

  /**
   * A change of one subscription, holding its row: refused when it is cancelled (unless the
   * change allows that), answered with the subscription as it stands after.
   */
  async function change(
    userId: string | null,
    id: string,
    work: (row: SubscriptionRow, tx: Executor) => Promise<void>,
    { whenCancelled = 'refuse' }: { whenCancelled?: 'refuse' | 'allow' } = {},
  ): Promise<Subscription> {
    await repo.changing(userId, id, async (row, tx) => {
      if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND')
      if (row.cancelledAt && whenCancelled === 'refuse') {
        throw new AppError('SUBSCRIPTION_CONFLICT', { message: SUBSCRIPTION_MESSAGES.cancelled })
      }
      await work(row, tx)
    })
    return viewOne(await found(userId, id))
  }

  /** a Saturday of this subscription that can still be skipped or unskipped */
  function assertChangeableSaturday(row: SubscriptionRow, saturday: string) {
    if (!isScheduledSaturday(planOf(row), saturday)) {
      throw new AppError('BAD_REQUEST', {
        message: SUBSCRIPTION_MESSAGES.notScheduled(saturday),
        fields: { saturday: SUBSCRIPTION_MESSAGES.notScheduled(saturday) },
      })
    }
    if (!isBeforeCutoff(saturday, now())) {
      throw new AppError('SUBSCRIPTION_CONFLICT', {
        message: SUBSCRIPTION_MESSAGES.closed(saturday),
      })
    }
  }

  return {
    /** every subscription with its customer, newest first */
    async adminList(): Promise<AdminSubscription[]> {
      const rows = await repo.listAll()
      const [views, accounts] = await Promise.all([
        viewAll(rows),
        customers.accountsOf([...new Set(rows.map((row) => row.userId))]),
      ])
      return views.map((subscription, index) => {
        const account = accounts.get((rows[index] as SubscriptionRow).userId)
        return {
          ...subscription,
          customer: { name: account?.name ?? '', email: account?.email ?? '' },
        }
      })
    },

    /** the coming Saturdays' quantities per product, from the subscriptions that deliver then */
    async forecast(weeks: number): Promise<Forecast> {
      const at = now()
      const first = firstOpenSaturday(at)
      const saturdays = Array.from({ length: weeks }, (_, week) => addDaysToDay(first, 7 * week))
      const rows = await repo.listAll()
      const counted = saturdays.map((saturday) => {
        const delivering = rows.filter((row) => deliversOn(planOf(row), saturday))
        const quantities = new Map<string, number>()
        const add = (productId: string, quantity: number) =>
          quantities.set(productId, (quantities.get(productId) ?? 0) + quantity)
        for (const row of delivering) {
          for (const item of row.items) {
            add(item.productId, item.quantity)
            for (const chosen of item.customSelections ?? []) add(chosen, item.quantity)
          }
        }
        return { saturday, subscriptions: delivering.length, quantities }
      })
      const ids = [...new Set(counted.flatMap((week) => [...week.quantities.keys()]))]
      const products = new Map(
        (await catalog.productsForOrder(ids)).map((product) => [product.id, product]),
      )
      return {
        weeks: counted.map(({ saturday, subscriptions, quantities }) => ({
          saturday,
          subscriptions,
          products: [...quantities]
            .flatMap(([id, quantity]) => {
              const product = products.get(id)
              return product
                ? [{ id, name: product.name, producer: product.farmSource, quantity }]
                : []
            })
            .sort((a, b) => a.producer.localeCompare(b.producer) || a.name.localeCompare(b.name)),
        })),
      }
    },

    async create(userId: string, input: CreateSubscriptionInput): Promise<Subscription> {
      const at = now()
      if (!isBeforeCutoff(input.firstSaturday, at)) {
        throw refused(
          'firstSaturday',
          SUBSCRIPTION_MESSAGES.firstSaturdayPast(firstOpenSaturday(at)),
        )
      }
      if (input.firstSaturday > furthestDay(at)) {
        throw refused('firstSaturday', SUBSCRIPTION_MESSAGES.firstSaturdayTooFar)
      }
      await checkCard(userId, input.paymentMethodId)
      await checkItems(input.items)
      const id = await unlessProductGone(() =>
        repo.create({
          userId,
          frequencyWeeks: input.frequencyWeeks,
          firstSaturday: input.firstSaturday,
          paymentMethodId: input.paymentMethodId,
          items: input.items,
        }),
      )
      return viewOne(await found(userId, id))
    },

    async list(userId: string): Promise<Subscription[]> {
      return viewAll(await repo.listOf(userId))
    },

    async get(userId: string, id: string): Promise<Subscription> {
      return viewOne(await found(userId, id))
    },

    /**
     * Items, frequency or card; `version` must be the one the page showed. A new frequency
     * counts from the first Saturday still open (or the first Saturday, when later).
     */
    async update(userId: string, id: string, input: UpdateSubscriptionInput) {
      return change(userId, id, async (row, tx) => {
        if (row.version !== input.version) {
          throw new AppError('SUBSCRIPTION_CONFLICT', {
            message: SUBSCRIPTION_MESSAGES.changedMeanwhile,
          })
        }
        if (input.items) await checkItems(input.items)
        if (input.paymentMethodId) await checkCard(userId, input.paymentMethodId)
        if (input.items) await unlessProductGone(() => repo.setItems(tx, id, input.items ?? []))
        const frequencyChanged =
          input.frequencyWeeks !== undefined && input.frequencyWeeks !== row.frequencyWeeks
        const firstOpen = firstOpenSaturday(now())
        await repo.update(tx, id, {
          ...(frequencyChanged && {
            frequencyWeeks: input.frequencyWeeks,
            firstSaturday: row.firstSaturday > firstOpen ? row.firstSaturday : firstOpen,
          }),
          ...(input.paymentMethodId !== undefined && { paymentMethodId: input.paymentMethodId }),
        })
      })
    },

    async skip(userId: string, id: string, saturday: string) {
      return change(userId, id, async (row, tx) => {
        assertChangeableSaturday(row, saturday)
        await repo.skip(tx, id, saturday)
        await repo.update(tx, id, {})
      })
    },

    async unskip(userId: string, id: string, saturday: string) {
      return change(userId, id, async (row, tx) => {
        assertChangeableSaturday(row, saturday)
        await repo.unskip(tx, id, saturday)
        await repo.update(tx, id, {})
      })
    },

    /**
     * No delivery from the first Saturday still open until the day given (a Saturday already
     * closed is kept as it is). `userId` null: the admin, for any customer.
     */
    async pause(userId: string | null, id: string, until: string) {
      return change(userId, id, async (row, tx) => {
        const at = now()
        if (until <= chicagoDayOf(at)) throw refused('until', SUBSCRIPTION_MESSAGES.pauseUntilPast)
        if (until > furthestDay(at)) throw refused('until', SUBSCRIPTION_MESSAGES.pauseTooFar)
        const firstOpen = firstOpenSaturday(at)
        if (until <= firstOpen) {
          throw refused('until', SUBSCRIPTION_MESSAGES.pauseTooSoon(firstOpen))
        }
        // a pause already reaching a closed Saturday keeps it paused
        const from = isPaused(row, at) && row.pausedFrom ? row.pausedFrom : firstOpen
        await repo.update(tx, id, { pausedUntil: until, pausedFrom: from })
      })
    },

    /** Ends a pause for every Saturday still open; a closed one stays as it was. */
    async resume(userId: string, id: string) {
      return change(userId, id, async (row, tx) => {
        if (!isPaused(row, now())) {
          throw new AppError('SUBSCRIPTION_CONFLICT', { message: SUBSCRIPTION_MESSAGES.notPaused })
        }
        const firstOpen = firstOpenSaturday(now())
        await repo.update(
          tx,
          id,
          row.pausedFrom && row.pausedFrom < firstOpen
            ? { pausedUntil: firstOpen }
            : { pausedUntil: null, pausedFrom: null },
        )
      })
    },

    /**
     * Ends the subscription after the current week: the coming Saturday (its week opened on the
     * Sunday before) still delivers if it was going to; no later one does. Cancelling twice is
     * the same as once.
     */
    async cancel(userId: string | null, id: string) {
      return change(
        userId,
        id,
        async (row, tx) => {
          if (row.cancelledAt) return
          const at = now()
          const coming = comingSaturday(at)
          const lastSaturday = deliversOn(planOf(row), coming) ? coming : null
          await repo.update(tx, id, { cancelledAt: at, lastSaturday })
        },
        { whenCancelled: 'allow' },
      )
    },
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
