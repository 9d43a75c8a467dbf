import { z } from 'zod'

/**
 * Every error the API answers with, by code: its status and the message people see.
 * The server throws `new AppError('PRODUCT_NOT_FOUND')`; one plugin turns it into
 * `{ message }` with the status below.
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'Please check the highlighted fields and try again.' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNAUTHORIZED: { status: 401, message: 'Please log in to continue.' },
  INVALID_LOGIN: { status: 401, message: 'Invalid email or password' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this.' },
  PASSWORD_AGAIN: {
    status: 403,
    message:
      'For your security, enter your password again to cancel or refund: you were away for more than 30 minutes.',
  },
  WRONG_PASSWORD: { status: 400, message: 'That is not your password.' },
  INVALID_RESET_TOKEN: {
    status: 400,
    message: 'Invalid reset token. Please request a new reset link.',
  },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found' },
  PRODUCER_NOT_FOUND: { status: 404, message: 'Producer not found' },
  PRODUCER_SLUG_TAKEN: { status: 409, message: 'Another producer already has this slug' },
  PRODUCER_NAME_TAKEN: { status: 409, message: 'Another producer already has this name' },
  /** the message names how many products; these are the words around the number */
  PRODUCER_HAS_PRODUCTS: {
    status: 409,
    message:
      'This producer still has products. Move them to another producer or delete them first.',
  },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  /** a change or cancellation the order's state refuses (after its cut-off, cancelled, stale) */
  ORDER_CONFLICT: { status: 409, message: 'This order cannot be changed now.' },
  /** a refund the order's money refuses (before capture, more than is left) */
  REFUND_REFUSED: { status: 409, message: 'This refund cannot be made.' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found' },
  /** a saved card that is not the caller's (or no longer saved) */
  CARD_NOT_FOUND: { status: 404, message: 'Card not found' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found' },
  SUBSCRIPTION_CONFLICT: { status: 409, message: 'This subscription cannot be changed now.' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  COUPON_NOT_FOUND: { status: 404, message: 'Coupon not found' },
  COUPON_CODE_TAKEN: { status: 409, message: 'A coupon with this code already exists' },
  /** the basket cannot be checked out as it is (out of stock, unavailable, coupon) */
  CHECKOUT_CONFLICT: { status: 409, message: 'Your basket has changed. Please review it.' },
  /**
   * more of a limited product than its Saturday has left (docs/product.md#weekly-quantities); the
   * message names the product and what is left
   */
  SOLD_OUT: { status: 409, message: 'Not enough of this product is left for that Saturday.' },
  /** a basket or order line that breaks the farm-box rule (docs/product.md#farm-boxes) */
  INVALID_BOX: {
    status: 400,
    message: 'A farm box holds either no chosen items or exactly 7, and no other line holds any.',
  },
  BELOW_MINIMUM_ORDER: { status: 400, message: 'Your basket is below the minimum order.' },
  PAYMENT_NOT_COMPLETED: { status: 409, message: 'This payment has not been completed.' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'We could not reach the payment service. Please try again in a moment.',
  },
  INVALID_WEBHOOK: { status: 400, message: 'Invalid webhook signature' },
  BODY_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** an upload URL whose signature is wrong, that has expired or was already used */
  /* staff and invitations (docs/product.md#staff) */
  INVITATION_NOT_FOUND: {
    status: 404,
    message: 'This invitation link is not valid. Ask an admin of the shop to send you a new one.',
  },
  INVITATION_EXPIRED: {
    status: 400,
    message: 'This invitation has expired. Ask an admin of the shop to send you a new one.',
  },
  INVITATION_USED: {
    status: 409,
    message: 'This invitation has already been used. Log in with the account that accepted it.',
  },
  /** the signed-in account is not the invitation's address; the message names that address */
  INVITATION_OTHER_ACCOUNT: {
    status: 403,
    message: 'This invitation is for another e-mail address. Log out and open the link again.',
  },
  /** the message names the person and the role */
  STAFF_ROLE_HELD: { status: 409, message: 'This person already has that role.' },
  STAFF_NOT_FOUND: { status: 404, message: 'This person does not have that role.' },
  STAFF_REMOVE_SELF: {
    status: 409,
    message: 'You cannot remove your own admin role. Ask another admin to do it.',
  },
  STAFF_LAST_ADMIN: {
    status: 409,
    message: 'The shop needs at least one admin. Invite another admin before removing this one.',
  },
  UPLOAD_FORBIDDEN: { status: 403, message: 'This upload link is invalid or has expired.' },
  /** the page shows UPLOAD_MESSAGES (schemas/admin.ts); these match its descriptions */
  IMAGE_TOO_LARGE: { status: 413, message: 'Please select an image smaller than 25MB.' },
  IMAGE_TYPE_INVALID: { status: 415, message: 'Please select an image file.' },
  IMAGE_TOO_MANY_PIXELS: {
    status: 422,
    message: 'This image is too large: at most 40 megapixels.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Please send JSON (Content-Type: application/json).',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The shop is briefly unavailable. Please try again in a moment.',
  },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERRORS

/** The JSON shape of every error answer (docs/product.md#api-errors). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** a money action needs the password again (POST /api/auth/password-check, then retry) */
  passwordAgain: z.literal(true).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

/** SOLD_OUT's answer: which product, and how many of it are left for that Saturday */
export const SoldOutBodySchema = ErrorBodySchema.extend({
  productId: z.uuid(),
  name: z.string(),
  left: z.int().min(0),
})
