import { z } from 'zod'
import { ContactMessageSchema } from './contact.ts'

/*
 * The admin area's messages, mailing lists and uploads (docs/product.md#admin): what the server
 * answers and what the pages send. Orders, coupons and products keep their admin schemas beside
 * their other schemas (order.ts, coupon.ts, product.ts).
 */

/** `GET /api/admin/contact-messages` */
export const AdminContactMessagesSchema = z.object({
  contactMessages: z.array(ContactMessageSchema),
  totalCount: z.number().int(),
})
export type AdminContactMessages = z.infer<typeof AdminContactMessagesSchema>

/** An entry of the mailing lists: id, email, created_at (docs/product.md#admin). */
export const EmailEntrySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: z.string(),
})
export type EmailEntry = z.infer<typeof EmailEntrySchema>

/** A waitlist entry also says the ZIP the visitor gave, when they gave one. */
export const WaitlistEntrySchema = EmailEntrySchema.extend({ zipCode: z.string().nullable() })
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>

/** A ZIP we do not deliver to, and how many waitlist sign-ups gave it (docs/product.md#demand). */
export const UnservedZipSchema = z.object({ zipCode: z.string(), signUps: z.number().int() })
export type UnservedZip = z.infer<typeof UnservedZipSchema>

/**
 * `GET /api/admin/emails`: both lists, newest first, how many addresses in all, and the waitlist's
 * ZIPs outside the service area, most sign-ups first.
 */
export const AdminEmailsSchema = z.object({
  waitlist: z.array(WaitlistEntrySchema),
  newsletter: z.array(EmailEntrySchema),
  totalCount: z.number().int(),
  outsideServiceArea: z.array(UnservedZipSchema),
})
export type AdminEmails = z.infer<typeof AdminEmailsSchema>

/** The answer of a delete: what the toast says. */
export const AdminDeletedSchema = z.object({ message: z.string() })

export const AdminIdParamsSchema = z.strictObject({ id: z.uuid('Id must be a UUID') })

/* Image upload (docs/product.md#uploads) */

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

/**
 * `POST /api/admin/upload-url`: what the page is about to send, when it says (an empty body is
 * fine). The bytes of the PUT decide in the end: their type, size and pixels are checked.
 */
export const UploadUrlInputSchema = z
  .strictObject({
    contentType: z
      .enum(UPLOAD_IMAGE_TYPES, { error: UPLOAD_MESSAGES.invalidType.description })
      .optional(),
    size: z
      .number({ error: 'Size must be a number' })
      .int('Size must be a whole number')
      .min(1, 'The file is empty')
      .max(UPLOAD_MAX_BYTES, UPLOAD_MESSAGES.tooLarge.description)
      .optional(),
  })
  .nullish()
  // no body at all reaches the schema as null
  .transform((input) => input ?? {})
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
