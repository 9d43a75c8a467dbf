import { z } from 'zod'
import { TextSchema } from './text.ts'

export const IMAGE_URL_MESSAGE = 'Use an uploaded image or an https:// address'

/** An uploaded image (/uploads/…), one of the shop's illustrations, or an https address. */
export const ImageUrlSchema = TextSchema.pipe(
  z
    .string()
    .trim()
    .max(2000, IMAGE_URL_MESSAGE)
    .refine(
      (url) =>
        /^\/(uploads|illustrations)\/[\w./-]+$/.test(url) && !url.includes('..')
          ? true
          : URL.canParse(url) && new URL(url).protocol === 'https:',
      IMAGE_URL_MESSAGE,
    ),
)

/** A form's image field: empty means no image (null). */
export const OptionalImageUrlSchema = z
  .union([z.literal(''), z.null(), ImageUrlSchema])
  .optional()
  .transform((url) => url || null)
