import { chicagoDayBounds, chicagoDayOf } from '#shared/domain/delivery.ts'
import { leftOf, WEEKLY_STOCK_MESSAGES } from '#shared/domain/weekly-stock.ts'
import { AppError } from '../../app-error.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { LimitedProduct } from '../catalog/index.ts'

type DayBounds = { start: Date; end: Date }

/** The reads weekly quantities are counted from, each its owner's (ADR 12). */
export interface WeeklyStockDeps {
  catalog: {
    /** the limited ones of these products, locked until the transaction ends */
    lockLimitedWithin(tx: Transaction, ids: readonly string[]): Promise<LimitedProduct[]>
    limited(ids: readonly string[]): Promise<LimitedProduct[]>
  }
  orders: {
    orderedQuantitiesOn(
      day: DayBounds,
      productIds: readonly string[],
      tx?: Transaction,
    ): Promise<Array<{ orderId: string; productId: string; quantity: number }>>
    activeOrdersOnAmong(
      day: DayBounds,
      orderIds: readonly string[],
      tx?: Transaction,
    ): Promise<string[]>
  }
  /** the lines of the checkouts still being paid for, for a Saturday in the day, but one buyer's */
  pendingCheckoutLinesOn(
    day: DayBounds,
    tx?: Transaction,
    exceptUserId?: string,
  ): Promise<unknown[]>
  /** the lines of every order change still being paid for, by order */
  pendingChangeLines(tx?: Transaction): Promise<Array<{ orderId: string; items: unknown }>>
  /** a sale of a limited product was committed: what shows what is left is read again */
  onChange?: () => void
}

/** A line as a basket, a checkout, a change or an order keeps it. */
export interface StockLine {
  productId: string
  quantity: number
  /** a farm box's chosen items with counts */
  customSelections?: ReadonlyArray<{ id: string; count: number }> | null
}

/**
 * How many of each product the lines take: each line's own product, and a farm box's chosen
 * items as many times as the box.
 */
export function quantitiesOf(lines: readonly unknown[]): Map<string, number> {
  const quantities = new Map<string, number>()
  const add = (id: unknown, quantity: number) => {
    if (typeof id !== 'string' || !Number.isInteger(quantity) || quantity <= 0) return
    quantities.set(id, (quantities.get(id) ?? 0) + quantity)
  }
  for (const line of lines as Array<Partial<StockLine> | null>) {
    if (!line || typeof line.quantity !== 'number') continue
    add(line.productId, line.quantity)
    for (const pick of line.customSelections ?? []) add(pick.id, line.quantity * pick.count)
  }
  return quantities
}

const dayOf = (saturday: Date) => chicagoDayBounds(chicagoDayOf(saturday))

/**
 * Weekly quantities (docs/product.md#weekly-quantities). What a Saturday has sold of a product is
 * counted, never kept as a counter: its orders' lines (less what was short, nothing of a
 * cancelled order), plus what checkouts and changes still being paid for have priced. A cancel,
 * a short item or a lowered quantity so gives its units back by itself. A sale takes the limited
 * products' row locks first and counts after them, so two sales of the last unit are made one
 * after the other and the second sees the first.
 */
export function createWeeklyStock(deps: WeeklyStockDeps) {
  /**
   * What the Saturday's orders, checkouts and changes hold of these products; an order left
   * out (the one being changed) and the checkouts of the buyer asking count for nothing.
   */
  async function soldOn(
    saturday: Date,
    productIds: readonly string[],
    { tx, leaving, buyer }: { tx?: Transaction; leaving?: string; buyer?: string } = {},
  ): Promise<Map<string, number>> {
    const sold = new Map<string, number>()
    if (productIds.length === 0) return sold
    const day = dayOf(saturday)
    const wanted = new Set(productIds)
    const byOrder = new Map<string, Map<string, number>>()
    const holds = (orderId: string) => {
      let held = byOrder.get(orderId)
      if (!held) byOrder.set(orderId, (held = new Map<string, number>()))
      return held
    }
    // what is being paid for is read before the orders it becomes: a checkout or a change that
    // becomes its order between the reads is then counted twice (too few left for a moment),
    // never in neither place (the lock in lockWithin keeps sales from seeing even that)
    const checkoutLines = await deps.pendingCheckoutLinesOn(day, tx, buyer)
    const changes = await deps.pendingChangeLines(tx)
    for (const row of await deps.orders.orderedQuantitiesOn(day, productIds, tx)) {
      holds(row.orderId).set(row.productId, row.quantity)
    }
    // a change being paid for may become the order's lines: the order holds the larger of the two
    const changedOrders = new Set(
      await deps.orders.activeOrdersOnAmong(
        day,
        [...new Set(changes.map((change) => change.orderId))],
        tx,
      ),
    )
    for (const change of changes) {
      if (!changedOrders.has(change.orderId)) continue
      const held = holds(change.orderId)
      const lines = Array.isArray(change.items) ? change.items : []
      for (const [productId, quantity] of quantitiesOf(lines)) {
        if (wanted.has(productId)) held.set(productId, Math.max(held.get(productId) ?? 0, quantity))
      }
    }
    const add = (productId: string, quantity: number) =>
      sold.set(productId, (sold.get(productId) ?? 0) + quantity)
    for (const [orderId, held] of byOrder) {
      if (orderId === leaving) continue
      for (const [productId, quantity] of held) add(productId, quantity)
    }
    for (const [productId, quantity] of quantitiesOf(checkoutLines)) {
      if (wanted.has(productId)) add(productId, quantity)
    }
    return sold
  }

  return {
    /**
     * Inside the transaction that stores a checkout or changes an order: takes the limited
     * products' locks and refuses (409, naming the product and what is left) lines that ask for
     * more than the Saturday has left. An order being changed (`order`) is judged without its
     * own lines, and only on what it raises: keeping or lowering a quantity is never refused.
     * True when it took some of a limited product: call changed() once the transaction commits.
     */
    async reserveWithin(
      tx: Transaction,
      sale: {
        saturday: Date
        lines: readonly StockLine[]
        order?: { id: string; lines: readonly StockLine[] }
        /** a checkout's customer: their own checkouts still being paid for are not counted */
        buyer?: string
      },
    ): Promise<boolean> {
      const wanted = quantitiesOf(sale.lines)
      const before = quantitiesOf(sale.order?.lines ?? [])
      const raised = [...wanted].filter(([id, quantity]) => quantity > (before.get(id) ?? 0))
      if (raised.length === 0) return false
      const limited = await deps.catalog.lockLimitedWithin(
        tx,
        raised.map(([id]) => id),
      )
      if (limited.length === 0) return false
      const sold = await soldOn(
        sale.saturday,
        limited.map((product) => product.id),
        {
          tx,
          ...(sale.order ? { leaving: sale.order.id } : {}),
          ...(sale.buyer ? { buyer: sale.buyer } : {}),
        },
      )
      for (const product of limited) {
        const left = leftOf(product.weeklyQuantity, sold.get(product.id) ?? 0) ?? 0
        if ((wanted.get(product.id) ?? 0) <= left) continue
        throw new AppError('SOLD_OUT', {
          message: WEEKLY_STOCK_MESSAGES.notEnough(product.name, left, sale.saturday),
          details: { productId: product.id, name: product.name, left },
        })
      }
      return true
    },

    /**
     * Takes the limited products' locks for lines that move from one count to another in this
     * transaction (a paid checkout becoming its order, a paid change becoming the order's lines).
     * A count runs as several statements; without the lock, a move committed between two of
     * them would be counted in neither place, and the unit sold twice.
     */
    async lockWithin(tx: Transaction, lines: readonly unknown[]): Promise<void> {
      const ids = [...quantitiesOf(lines).keys()]
      if (ids.length > 0) await deps.catalog.lockLimitedWithin(tx, ids)
    },

    /** Whether any of these lines is of a limited product (read without a lock). */
    async anyLimited(lines: readonly unknown[]): Promise<boolean> {
      const ids = [...quantitiesOf(lines).keys()]
      return ids.length > 0 && (await deps.catalog.limited(ids)).length > 0
    },

    /** A sale of a limited product was committed: the shop's counts are read again. */
    changed() {
      deps.onChange?.()
    },

    /** What is left of the limited ones of these products for the Saturday, read without locks. */
    async leftOn(saturday: Date, productIds: readonly string[]): Promise<Map<string, number>> {
      const limited = await deps.catalog.limited(productIds)
      const sold = await soldOn(
        saturday,
        limited.map((product) => product.id),
      )
      return new Map(
        limited.map((product) => [
          product.id,
          leftOf(product.weeklyQuantity, sold.get(product.id) ?? 0) ?? 0,
        ]),
      )
    },

    /** What the Saturday has sold of these products (the week page's count). */
    soldOn: (saturday: Date, productIds: readonly string[]) => soldOn(saturday, productIds),
  }
}

export type WeeklyStock = ReturnType<typeof createWeeklyStock>
