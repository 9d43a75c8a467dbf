import { z } from 'zod'
import { MAX_LINE_QUANTITY } from '../domain/pricing.ts'
import { PriceStringSchema } from './product.ts'

/**
 * Items short at packing (docs/product.md#refunds): why a line was short, what the staff send
 * to take some of it off an order, and what the server answers. The pages and the server share
 * these schemas.
 */

export const SHORT_REASONS = ['out_of_stock', 'damaged', 'quality'] as const
export type ShortReason = (typeof SHORT_REASONS)[number]

export const SHORT_REASON_LABELS: Record<ShortReason, string> = {
  out_of_stock: 'Out of stock',
  damaged: 'Damaged',
  quality: 'Quality',
}

export const SHORT_MESSAGES = {
  quantity: 'Enter how many are short (at least 1)',
  tooMany: (left: number) =>
    left === 0 ? 'Nothing is left of this line to take off' : `At most ${left} can be short`,
  reason: 'Choose why it is short',
  cancelled: 'A cancelled order has nothing to take off',
  keyReused: 'This request was already used for another line',
} as const

const quantity = z.coerce
  .number({ error: SHORT_MESSAGES.quantity })
  .int(SHORT_MESSAGES.quantity)
  .min(1, SHORT_MESSAGES.quantity)
  .max(MAX_LINE_QUANTITY, SHORT_MESSAGES.tooMany(MAX_LINE_QUANTITY))

/** `POST /api/admin/orders/{id}/items/{itemId}/short`, with an Idempotency-Key header */
export const ItemShortInputSchema = z.strictObject({
  quantity,
  reason: z.enum(SHORT_REASONS, { error: SHORT_MESSAGES.reason }),
})
export type ItemShortInput = z.input<typeof ItemShortInputSchema>

/** `GET /api/admin/orders/{id}/items/{itemId}/short?quantity=N` */
export const ItemShortPreviewQuerySchema = z.strictObject({ quantity })

export const OrderItemParamsSchema = z.strictObject({
  id: z.uuid('Order not found'),
  itemId: z.uuid('Item not found'),
})

/** What a shortfall takes off the order, before it is made */
export const ItemShortPreviewSchema = z.object({
  amount: PriceStringSchema,
  /** how many of the line are left to short */
  left: z.number().int(),
})
export type ItemShortPreview = z.infer<typeof ItemShortPreviewSchema>

/** The shortfall made: what it took off, and the refund it made once the card was charged */
export const ItemShortResultSchema = z.object({
  amount: PriceStringSchema,
  refund: z
    .object({
      id: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      amount: PriceStringSchema,
    })
    .optional(),
})
export type ItemShortResult = z.infer<typeof ItemShortResultSchema>
