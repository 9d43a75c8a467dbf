/**
 * How long a driver's "Delivered" can be undone (docs/product.md#routes): the shop's one
 * window, read by the phone (how long it shows Undo) and the server (when it refuses an undo,
 * and when the customer's "delivered" e-mail may go out).
 */
export const UNDO_DELIVERED_MINUTES = 5
export const UNDO_DELIVERED_MS = UNDO_DELIVERED_MINUTES * 60_000

/** The instant from which a delivery can no longer be undone. */
export const undoDeliveredUntil = (deliveredAt: Date): Date =>
  new Date(deliveredAt.getTime() + UNDO_DELIVERED_MS)

/** Whether a delivery marked at `deliveredAt` can still be undone at `now`. */
export const mayUndoDelivered = (deliveredAt: Date | null, now: Date): boolean =>
  deliveredAt !== null && now.getTime() < undoDeliveredUntil(deliveredAt).getTime()
