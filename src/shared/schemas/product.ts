import { z } from 'zod'
import { PRODUCT_SORTS, PRODUCT_TAGS, findCategory, findSubcategory } from '../domain/catalog.ts'
import { TextSchema } from './text.ts'

/** Prices travel as strings with two decimals, as the spec's wire format says. */
export const PriceStringSchema = z.string().regex(/^\d{1,8}\.\d{2}$/, 'Invalid price format')

export const ProductTagSchema = z.enum(PRODUCT_TAGS, {
  error: (issue) => `Unknown tag: ${String(issue.input)}`,
})

export const ProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: PriceStringSchema,
  category: z.string(),
  subcategory: z.string().nullable(),
  subcategory2: z.string().nullable(),
  farmSource: z.string(),
  imageUrl: z.string().nullable(),
  inStock: z.boolean(),
  stockCount: z.string(),
  isNew: z.boolean(),
  tags: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Product = z.infer<typeof ProductSchema>

export const ProductListSchema = z.array(ProductSchema)

export const ProductIdParamsSchema = z.strictObject({
  id: z.uuid('Product id must be a UUID'),
})

const PriceBoundSchema = z.coerce
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must be 0 or more')
  .max(100_000, 'Price is too large')

/**
 * `GET /api/products` filters (decisions §2). Every key and value is checked: an unknown key,
 * category, subcategory, tag or sort answers 400 rather than being ignored.
 */
export const ProductListQuerySchema = z
  .strictObject({
    search: TextSchema.pipe(z.string().trim().max(100, 'Search text is too long')).optional(),
    category: z
      .string()
      .refine((slug) => findCategory(slug) !== undefined, 'Unknown category')
      .transform((slug) => findCategory(slug)?.slug ?? slug)
      .optional(),
    subcategory: TextSchema.pipe(z.string().max(50)).optional(),
    tags: z
      .string()
      .max(500)
      .transform((list) =>
        list
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      )
      .pipe(z.array(ProductTagSchema))
      .optional(),
    minPrice: PriceBoundSchema.optional(),
    maxPrice: PriceBoundSchema.optional(),
    farm: TextSchema.pipe(z.string().trim().max(100)).optional(),
    sort: z
      .enum(PRODUCT_SORTS, { error: `Sort must be one of: ${PRODUCT_SORTS.join(', ')}` })
      .optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(500, 'Limit must be at most 500')
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.subcategory !== undefined) {
      if (query.category === undefined) {
        ctx.addIssue({ code: 'custom', path: ['subcategory'], message: 'Choose a category first' })
      } else if (!findSubcategory(query.category, query.subcategory)) {
        ctx.addIssue({ code: 'custom', path: ['subcategory'], message: 'Unknown subcategory' })
      }
    }
    if (
      query.minPrice !== undefined &&
      query.maxPrice !== undefined &&
      query.minPrice > query.maxPrice
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxPrice'],
        message: 'Maximum price must not be below the minimum',
      })
    }
  })
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>
/** The query as the browser writes it into a URL. */
export type ProductListQueryInput = z.input<typeof ProductListQuerySchema>
