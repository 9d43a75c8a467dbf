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

export const ProducerSlugParamsSchema = z.strictObject({
  slug: z
    .string()
    .max(100, 'Producer not found')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Producer not found'),
})
