import { z } from 'zod'

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
