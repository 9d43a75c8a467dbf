import { z } from 'zod'
import { PRODUCER_SLUG } from '../domain/catalog.ts'
import { EmailSchema } from './email.ts'
import { OptionalImageUrlSchema } from './image-url.ts'
import { TextSchema } from './text.ts'

/** A producer as the shop shows it: active producers only, and never the harvest e-mail. */
export const ProducerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  location: z.string(),
  distance: z.string(),
  established: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string(),
  specialties: z.array(z.string()),
  story: z.string(),
  additionalStory: z.string().nullable(),
  practices: z.array(z.string()),
  availability: z.string(),
  deliveryDays: z.array(z.string()),
})
export type Producer = z.infer<typeof ProducerSchema>

export const ProducerListSchema = z.array(ProducerSchema)

/** Any text up to 200 characters; a slug no producer has (or could have) is simply not found. */
export const ProducerSlugParamsSchema = z.strictObject({
  slug: z.string().max(200, 'Producer not found'),
})

/** The days a producer may bring its harvest to the shop, in the order the form lists them. */
export const PRODUCER_DELIVERY_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const

/** The messages of the admin's producer form, shared by the dialog and the server. */
export const PRODUCER_FORM_MESSAGES = {
  nameRequired: 'Producer name is required',
  slugRequired: 'Slug is required',
  slugFormat: 'Use lowercase letters and digits joined by single hyphens, e.g. atkinson-farms',
  locationRequired: 'Location is required',
  descriptionRequired: 'Description is required',
  storyRequired: 'Story is required',
  email: 'Please enter a valid email address',
  deliveryDay: 'Choose days of the week',
} as const

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).pipe(TextSchema.trim().min(1, message).max(max, tooLong))

const optionalText = (max: number, tooLong: string) =>
  TextSchema.pipe(z.string().trim().max(max, tooLong))

/** Lines of text (specialties, practices): each trimmed, blank lines dropped. */
const TextListSchema = (label: string) =>
  z
    .array(optionalText(200, `Each line of ${label} must be at most 200 characters`), {
      error: `${label[0]?.toUpperCase()}${label.slice(1)} must be a list`,
    })
    .max(30, `At most 30 lines of ${label}`)
    .transform((lines) => lines.filter((line) => line !== ''))

/**
 * `POST /api/admin/producers` and the New/Edit dialog (docs/product.md#admin). The slug is the
 * page's address (/producer/<slug>); name and slug are each unique (409 when taken). An inactive
 * producer is off the shop's lists and its page is not found; its products stay in the shop.
 */
export const ProducerInputSchema = z.strictObject({
  name: requiredText(
    PRODUCER_FORM_MESSAGES.nameRequired,
    200,
    'Producer name must be at most 200 characters',
  ),
  slug: z
    .string({ error: PRODUCER_FORM_MESSAGES.slugRequired })
    .trim()
    .min(1, { error: PRODUCER_FORM_MESSAGES.slugRequired, abort: true })
    .max(100, { error: 'Slug must be at most 100 characters', abort: true })
    .regex(PRODUCER_SLUG, PRODUCER_FORM_MESSAGES.slugFormat),
  location: requiredText(
    PRODUCER_FORM_MESSAGES.locationRequired,
    200,
    'Location must be at most 200 characters',
  ),
  distance: optionalText(200, 'Distance must be at most 200 characters').default(''),
  established: optionalText(100, 'Established must be at most 100 characters').default(''),
  imageUrl: OptionalImageUrlSchema,
  description: requiredText(
    PRODUCER_FORM_MESSAGES.descriptionRequired,
    2000,
    'Description must be at most 2000 characters',
  ),
  specialties: TextListSchema('specialties').default([]),
  story: requiredText(
    PRODUCER_FORM_MESSAGES.storyRequired,
    20_000,
    'Story must be at most 20000 characters',
  ),
  additionalStory: optionalText(20_000, 'Additional story must be at most 20000 characters')
    .nullish()
    .transform((text) => text || null),
  practices: TextListSchema('practices').default([]),
  availability: optionalText(200, 'Availability must be at most 200 characters').default(''),
  deliveryDays: z
    .array(z.enum(PRODUCER_DELIVERY_DAYS, { error: PRODUCER_FORM_MESSAGES.deliveryDay }), {
      error: PRODUCER_FORM_MESSAGES.deliveryDay,
    })
    .max(7, PRODUCER_FORM_MESSAGES.deliveryDay)
    .default([])
    // each day once, Monday first, however they were ticked
    .transform((days) => PRODUCER_DELIVERY_DAYS.filter((day) => days.includes(day))),
  /** who receives the weekly harvest list; empty for nobody yet */
  email: z
    .union([z.literal(''), z.null(), EmailSchema], { error: PRODUCER_FORM_MESSAGES.email })
    .optional()
    .transform((email) => email || null),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
})
export type ProducerInput = z.input<typeof ProducerInputSchema>
export type ProducerValues = z.output<typeof ProducerInputSchema>

/**
 * `PATCH /api/admin/producers/:id`: any of the form's fields, by name only. The server merges
 * them into the stored producer and checks the whole with ProducerInputSchema, so the messages
 * are the same as when creating.
 */
export const ProducerPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.keys(ProducerInputSchema.shape).map((key) => [key, z.unknown().optional()]),
  ) as Record<keyof ProducerInput, z.ZodOptional<z.ZodUnknown>>,
)
export type ProducerPatch = Partial<ProducerInput>

/** A producer as the admin sees it: with its id, harvest e-mail, state and product count. */
export const AdminProducerSchema = ProducerSchema.extend({
  id: z.uuid(),
  email: z.string().nullable(),
  active: z.boolean(),
  /** products that name this producer; it cannot be deleted while there are any */
  productCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type AdminProducer = z.infer<typeof AdminProducerSchema>
export const AdminProducerListSchema = z.array(AdminProducerSchema)

export const ProducerIdParamsSchema = z.strictObject({
  id: z.uuid('Producer id must be a UUID'),
})
