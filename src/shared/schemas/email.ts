import { z } from 'zod'

/** An e-mail address as a person types it: trimmed, lower-cased for comparison elsewhere. */
export const EmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
