import { z } from 'zod'
import { ContactMessageSchema } from './contact.ts'
import { DeliveryStatusSchema, OrderSchema, OrderStatusSchema } from './checkout.ts'
import { PriceStringSchema } from './product.ts'
import { TextSchema } from './text.ts'
import { DELIVERY_STATUSES, ORDER_STATUSES } from './order-status.ts'

/*
 * The admin area's calls (spec §7, decisions §2): what the server answers and what the pages
 * send. The server validates with these schemas and the pages type their calls with them.
 */

export const ADMIN_ORDERS_PAGE_SIZES = [10, 20, 50] as const
export const ADMIN_ORDERS_DEFAULT_PAGE_SIZE = 20

/** The years the shop's dates may fall in: before 1883 Chicago kept its own solar time. */
const YEARS = { first: 2000, last: 2100 } as const
const yearOf = (iso: string) => Number(iso.slice(0, 4))
const inShopYears = (iso: string) => yearOf(iso) >= YEARS.first && yearOf(iso) <= YEARS.last
const YEARS_MESSAGE = `Use a date from ${YEARS.first} to ${YEARS.last}`

/** YYYY-MM-DD, a calendar day in Houston (America/Chicago) */
const CalendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-28')
  .refine(inShopYears, YEARS_MESSAGE)
  // read back, as engines roll 2026-02-30 over to March 2 instead of refusing it
  .refine((day) => {
    const noon = new Date(`${day}T12:00:00Z`)
    return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(day)
  }, 'Use a real calendar date')

/** `GET /api/admin/orders` filters and page (every value checked; unknown keys refused). */
export const AdminOrderListQuerySchema = z.strictObject({
  /** orders delivered on this Houston calendar day */
  deliveryDate: CalendarDaySchema.optional(),
  status: z
    .enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` })
    .optional(),
  deliveryStatus: z
    .enum(DELIVERY_STATUSES, {
      error: `Delivery status must be one of: ${DELIVERY_STATUSES.join(', ')}`,
    })
    .optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(100_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(100, 'Page size must be at most 100')
    .default(ADMIN_ORDERS_DEFAULT_PAGE_SIZE),
})
export type AdminOrderListQuery = z.output<typeof AdminOrderListQuerySchema>
export type AdminOrderListQueryInput = z.input<typeof AdminOrderListQuerySchema>

/** One recorded change of an order's status or delivery status: who, when, from, to. */
export const OrderStatusChangeSchema = z.object({
  id: z.uuid(),
  field: z.enum(['status', 'delivery_status']),
  fromValue: z.string(),
  toValue: z.string(),
  changedByEmail: z.string(),
  createdAt: z.string(),
})
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>

export const AdminOrderSchema = OrderSchema.extend({
  userId: z.uuid(),
  /** oldest first */
  statusHistory: z.array(OrderStatusChangeSchema),
})
export type AdminOrder = z.infer<typeof AdminOrderSchema>

export const AdminOrderPageSchema = z.object({
  orders: z.array(AdminOrderSchema),
  /** orders matching the filters, over all pages */
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>

export const OrderStatusInputSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, {
    error: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  }),
})
export const DeliveryStatusInputSchema = z.strictObject({
  deliveryStatus: z.enum(DELIVERY_STATUSES, {
    error: `Delivery status must be one of: ${DELIVERY_STATUSES.join(', ')}`,
  }),
})
export { DeliveryStatusSchema, OrderStatusSchema }

/** `GET /api/admin/contact-messages` */
export const AdminContactMessagesSchema = z.object({
  contactMessages: z.array(ContactMessageSchema),
  totalCount: z.number().int(),
})
export type AdminContactMessages = z.infer<typeof AdminContactMessagesSchema>

/** An entry of the mailing lists (spec §3: id, email, created_at). */
export const EmailEntrySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: z.string(),
})
export type EmailEntry = z.infer<typeof EmailEntrySchema>

/** `GET /api/admin/emails`: both lists, newest first, and how many addresses in all. */
export const AdminEmailsSchema = z.object({
  waitlist: z.array(EmailEntrySchema),
  newsletter: z.array(EmailEntrySchema),
  totalCount: z.number().int(),
})
export type AdminEmails = z.infer<typeof AdminEmailsSchema>

/** The answer of a delete: what the toast says. */
export const AdminDeletedSchema = z.object({ message: z.string() })

/* Coupons (decisions §9) */

export const CouponCodeSchema = TextSchema.pipe(
  z
    .string()
    .trim()
    .min(1, 'Code is required')
    .max(32, 'Code must be at most 32 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
    .transform((code) => code.toUpperCase()),
)

const PercentOffSchema = z
  .number({ error: 'Percent off must be a number' })
  .int('Percent off must be a whole number')
  .min(1, 'Percent off must be between 1 and 100')
  .max(100, 'Percent off must be between 1 and 100')

const PositivePriceSchema = PriceStringSchema.refine(
  (value) => Number(value) > 0,
  'Amount must be greater than 0',
)

const InstantSchema = z.iso
  .datetime({ offset: true, error: 'Use a date and time' })
  .refine(inShopYears, YEARS_MESSAGE)

const couponFields = {
  percentOff: PercentOffSchema.nullable().optional(),
  amountOff: PositivePriceSchema.nullable().optional(),
  minSubtotal: PriceStringSchema.nullable().optional(),
  maxRedemptions: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .nullable()
    .optional(),
  startsAt: InstantSchema.nullable().optional(),
  endsAt: InstantSchema.nullable().optional(),
  active: z.boolean().optional(),
}

const datesInOrder = (
  coupon: { startsAt?: string | null | undefined; endsAt?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (
    coupon.startsAt &&
    coupon.endsAt &&
    Date.parse(coupon.startsAt) >= Date.parse(coupon.endsAt)
  ) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' })
  }
}

/** `POST /api/admin/coupons`: a code and exactly one of percentOff or amountOff. */
export const CouponCreateInputSchema = z
  .strictObject({ code: CouponCodeSchema, ...couponFields })
  .superRefine((coupon, ctx) => {
    const kinds = (coupon.percentOff == null ? 0 : 1) + (coupon.amountOff == null ? 0 : 1)
    if (kinds !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'Give either a percent off or an amount off',
      })
    }
    datesInOrder(coupon, ctx)
  })
export type CouponCreateInput = z.input<typeof CouponCreateInputSchema>

/** `PATCH /api/admin/coupons/:id`: any of the fields; the kind of discount cannot change. */
export const CouponUpdateInputSchema = z
  .strictObject({
    active: couponFields.active,
    minSubtotal: couponFields.minSubtotal,
    maxRedemptions: couponFields.maxRedemptions,
    startsAt: couponFields.startsAt,
    endsAt: couponFields.endsAt,
  })
  .superRefine(datesInOrder)
export type CouponUpdateInput = z.input<typeof CouponUpdateInputSchema>

export const AdminCouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOff: PriceStringSchema.nullable(),
  minSubtotal: PriceStringSchema.nullable(),
  maxRedemptions: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  timesRedeemed: z.number().int(),
  createdAt: z.string(),
})
export type AdminCoupon = z.infer<typeof AdminCouponSchema>
export const AdminCouponListSchema = z.array(AdminCouponSchema)

export const AdminIdParamsSchema = z.strictObject({ id: z.uuid('Id must be a UUID') })

/* Image upload (decisions §1, §7) */

export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024
export const UPLOAD_MAX_PIXELS = 40_000_000
/** the widths the pages show product images at (stored as WebP) */
export const UPLOAD_IMAGE_WIDTHS = [400, 800, 1200] as const

export const UPLOAD_MESSAGES = {
  invalidType: { title: 'Invalid file type', description: 'Please select an image file.' },
  tooLarge: { title: 'File too large', description: 'Please select an image smaller than 25MB.' },
  failed: { title: 'Upload failed', description: 'Failed to upload image. Please try again.' },
  tooManyPixels: 'This image is too large: at most 40 megapixels.',
} as const

/** `POST /api/admin/upload-url`: what the page is about to send (the bytes decide in the end). */
export const UploadUrlInputSchema = z.strictObject({
  contentType: z.enum(UPLOAD_IMAGE_TYPES, { error: UPLOAD_MESSAGES.invalidType.description }),
  size: z
    .number({ error: 'Size must be a number' })
    .int('Size must be a whole number')
    .min(1, 'The file is empty')
    .max(UPLOAD_MAX_BYTES, UPLOAD_MESSAGES.tooLarge.description),
})
export type UploadUrlInput = z.input<typeof UploadUrlInputSchema>

export const UploadUrlSchema = z.object({
  /** PUT the bytes here (with the declared Content-Type and Content-Length) within 5 minutes */
  uploadURL: z.string(),
  /** the image's address once stored: becomes the product's imageUrl */
  objectPath: z.string(),
  /** only for stores that check after the upload (S3): POST here once the PUT succeeded */
  completeURL: z.string().nullable(),
})
export type UploadUrl = z.infer<typeof UploadUrlSchema>

/** The answer of the PUT to a disk upload URL and of an S3 upload's completeURL. */
export const UploadedImageSchema = z.object({ objectPath: z.string() })
export type UploadedImage = z.infer<typeof UploadedImageSchema>
