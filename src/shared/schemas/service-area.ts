import { z } from 'zod'
import { FIVE_DIGIT_ZIP } from '../domain/service-area.ts'

export const ZipParamsSchema = z.strictObject({
  zip: z.string().regex(FIVE_DIGIT_ZIP, 'ZIP code must be exactly 5 digits'),
})

export const ServiceAreaResultSchema = z.object({
  isValid: z.boolean(),
  zipCode: z.string(),
})
export type ServiceAreaResult = z.infer<typeof ServiceAreaResultSchema>
