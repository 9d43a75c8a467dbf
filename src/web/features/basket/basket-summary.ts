/**
 * What the basket drawer says about the basket (docs/product.md#basket): each line's total, the
 * one note under the lines (the minimum or free delivery) and what the basket's count counts.
 */

import { formatCents, formatCentsBrief, type Cents } from '#shared/domain/money.ts'
import {
  FREE_DELIVERY_THRESHOLD_CENTS,
  MINIMUM_ORDER_CENTS,
  lineTotal,
  type BasketTotals,
} from '#shared/domain/pricing.ts'
import type { BasketItem } from './basket-lines.ts'

export interface BasketLinePrice {
  /** quantity × unit price */
  total: Cents
  /** "2 × $4.50"; null for a single one, whose total is its price */
  breakdown: string | null
}

export function linePrice(line: Pick<BasketItem, 'priceCents' | 'quantity'>): BasketLinePrice {
  return {
    total: lineTotal(line.priceCents, line.quantity),
    breakdown: line.quantity > 1 ? `${line.quantity} × ${formatCents(line.priceCents)}` : null,
  }
}

export type BasketNote =
  | { kind: 'minimum'; text: string }
  | { kind: 'freeDelivery'; text: string; reached: Cents }
  | { kind: 'freeDeliveryReached'; text: string }

/**
 * One note, never two: below the minimum what is missing for it (it counts the groceries alone,
 * before tax and delivery), then what is missing for free delivery, then that it is free.
 */
export function basketNote(
  totals: Pick<BasketTotals, 'subtotal' | 'minimumOrderRemaining' | 'freeDeliveryRemaining'>,
): BasketNote {
  if (totals.minimumOrderRemaining > 0) {
    return {
      kind: 'minimum',
      text: `Orders start at ${formatCentsBrief(MINIMUM_ORDER_CENTS)} of groceries (before tax and delivery): add ${formatCents(totals.minimumOrderRemaining)} more`,
    }
  }
  if (totals.freeDeliveryRemaining > 0) {
    return {
      kind: 'freeDelivery',
      text: `Add ${formatCents(totals.freeDeliveryRemaining)} more for free delivery`,
      reached: FREE_DELIVERY_THRESHOLD_CENTS - totals.freeDeliveryRemaining,
    }
  }
  return { kind: 'freeDeliveryReached', text: "You've unlocked free delivery" }
}

/** "3 products": the basket counts its lines (2 boxes of eggs are one product), not its units. */
export function productCount(lines: readonly unknown[]): string {
  return `${lines.length} ${lines.length === 1 ? 'product' : 'products'}`
}
