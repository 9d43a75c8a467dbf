import { z } from 'zod'

/**
 * Free text a person types. PostgreSQL cannot store a NUL character, so one is refused here,
 * with a message, instead of failing in the database.
 */
export const TextSchema = z
  .string()
  .refine((value) => !value.includes('\u0000'), 'Text must not contain a NUL character')
