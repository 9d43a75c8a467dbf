import { z } from 'zod'
import { PRODUCT_SORTS, PRODUCT_TAGS, findCategory, findSubcategory } from '../domain/catalog.ts'
import { BOX_CHOICE_LIST_MAX } from '../domain/farm-boxes.ts'
import { centsToDecimal } from '../domain/money.ts'
import { WEEKLY_QUANTITY_MAX, WEEKLY_STOCK_MESSAGES } from '../domain/weekly-stock.ts'
import { IMAGE_URL_MESSAGE, OptionalImageUrlSchema } from './image-url.ts'
import { moneyInput } from './money.ts'
import { TextSchema } from './text.ts'

/** Prices travel as strings with two decimals (docs/product.md#pricing). */
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
  /** the producer's name (the product's farm is a producer row) */
  farmSource: z.string(),
  /** the producer's page, /producer/<slug>; null while the producer is inactive (no page) */
  producerSlug: z.string().nullable(),
  /** how far the producer is from Houston ("24 miles from Houston"); empty when not given */
  producerDistance: z.string(),
  imageUrl: z.string().nullable(),
  inStock: z.boolean(),
  stockCount: z.string(),
  isNew: z.boolean(),
  /** in season now: "In season" on the product page (docs/product.md#products) */
  seasonal: z.boolean(),
  /** Texas sales tax applies to it; food for home consumption is exempt (docs/product.md#tax) */
  taxable: z.boolean(),
  /** how many may be sold for each Saturday; null for no limit (docs/product.md#weekly-quantities) */
  weeklyQuantity: z.int().nullable(),
  /** what is left for the coming Saturday; null for no limit */
  leftThisWeek: z.int().nullable(),
  tags: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Product = z.infer<typeof ProductSchema>

export const ProductListSchema = z.array(ProductSchema)

/**
 * `GET /api/orders/buy-again`: the signed-in customer's most-ordered products, in stock, most
 * ordered first (docs/product.md#buy-again).
 */
export const BuyAgainListSchema = z.array(ProductSchema).max(8)

export const ProductIdParamsSchema = z.strictObject({
  id: z.uuid('Product id must be a UUID'),
})

/** a price filter, in cents once read: "5", "7.50" or 7.5 (docs/product.md#pricing) */
const PriceBoundSchema = moneyInput({
  format: 'Price must be a number',
  negative: 'Price must be 0 or more',
  tooLarge: 'Price is too large',
}).refine((cents) => cents <= 10_000_000, 'Price is too large')

/**
 * `GET /api/products` filters (docs/product.md#catalogue). Every key and value is checked: an unknown key,
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

/** The messages of the admin product form (docs/product.md#admin), shared by the dialog and the server. */
export const PRODUCT_FORM_MESSAGES = {
  nameRequired: 'Product name is required',
  priceFormat: 'Invalid price format',
  pricePositive: 'Price must be greater than 0',
  categoryRequired: 'Category is required',
  farmSourceRequired: 'Farm source is required',
  unknownProducer: 'Choose a producer from the list',
  unknownFarmSource: (name: string) => `Unknown producer: ${name}`,
  farmSourceAndProducerDiffer: 'Farm source and producerId name different producers',
  unknownSubcategory: 'Choose a subcategory of the selected category',
  imageUrl: IMAGE_URL_MESSAGE,
} as const

const optionalText = (max: number, message: string) =>
  TextSchema.pipe(z.string().trim().max(max, message))

/**
 * `POST /api/admin/products` and the Add/Edit dialog (docs/product.md#admin). The price is typed
 * as text ("4", "4.5", "12.99") and leaves as "12.99"; empty optional fields become null. The
 * farm is a producer picked by id; one that does not exist is refused by the server, under
 * producerId, with `unknownProducer`. The API also takes the producer's name as `farmSource`
 * (the server turns it into producerId before this schema reads the body).
 */
export const ProductInputSchema = z
  .strictObject({
    // the first string check carries the message: a missing name is "required" too
    name: z
      .string({ error: PRODUCT_FORM_MESSAGES.nameRequired })
      .pipe(
        TextSchema.trim()
          .min(1, PRODUCT_FORM_MESSAGES.nameRequired)
          .max(200, 'Product name must be at most 200 characters'),
      ),
    description: optionalText(5000, 'Description must be at most 5000 characters').default(''),
    // "4", "4.5", "12.99" or a JSON number; stored as "12.99" (docs/product.md#pricing)
    price: moneyInput({
      format: PRODUCT_FORM_MESSAGES.priceFormat,
      negative: PRODUCT_FORM_MESSAGES.priceFormat,
      decimals: PRODUCT_FORM_MESSAGES.priceFormat,
      exponent: PRODUCT_FORM_MESSAGES.priceFormat,
      tooLarge: PRODUCT_FORM_MESSAGES.priceFormat,
    })
      .refine((cents) => cents > 0, PRODUCT_FORM_MESSAGES.pricePositive)
      .transform(centsToDecimal),
    category: z
      .string({ error: PRODUCT_FORM_MESSAGES.categoryRequired })
      .refine((slug) => findCategory(slug) !== undefined, PRODUCT_FORM_MESSAGES.categoryRequired)
      // a legacy slug (artisan-breads) is stored as the category the shop filters by (bakery)
      .transform((slug) => findCategory(slug)?.slug ?? slug),
    subcategory: z
      .string()
      .nullish()
      .transform((slug) => slug || null),
    subcategory2: z
      .string()
      .nullish()
      .transform((slug) => slug || null),
    producerId: z
      .string({ error: PRODUCT_FORM_MESSAGES.farmSourceRequired })
      .trim()
      .min(1, { error: PRODUCT_FORM_MESSAGES.farmSourceRequired, abort: true })
      .pipe(z.uuid(PRODUCT_FORM_MESSAGES.unknownProducer)),
    imageUrl: OptionalImageUrlSchema,
    inStock: z.boolean().default(true),
    stockCount: optionalText(50, 'Weight/Qty must be at most 50 characters').default('0'),
    isNew: z.boolean().default(false),
    seasonal: z.boolean().default(false),
    taxable: z.boolean({ error: 'Taxable must be true or false' }).default(false),
    weeklyQuantity: z
      .int({ error: WEEKLY_STOCK_MESSAGES.quantityFormat })
      .min(0, WEEKLY_STOCK_MESSAGES.quantityFormat)
      .max(WEEKLY_QUANTITY_MAX, WEEKLY_STOCK_MESSAGES.quantityTooLarge)
      .nullable()
      .default(null),
    tags: z.array(ProductTagSchema).max(20, 'At most 20 tags').default([]),
  })
  .superRefine((product, ctx) => {
    for (const key of ['subcategory', 'subcategory2'] as const) {
      const slug = product[key]
      if (slug && !findSubcategory(product.category, slug)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: PRODUCT_FORM_MESSAGES.unknownSubcategory,
        })
      }
    }
  })
export type ProductInput = z.input<typeof ProductInputSchema>
export type ProductValues = z.output<typeof ProductInputSchema>

/** A product as the admin list shows it: which producer it has, and whether that one is active. */
export const AdminProductSchema = ProductSchema.extend({
  producerId: z.uuid(),
  producerActive: z.boolean(),
})
export type AdminProduct = z.infer<typeof AdminProductSchema>
export const AdminProductListSchema = z.array(AdminProductSchema)

/** `GET /api/admin/products` filters: search by name or farm, and a category (unknown keys: 400). */
export const AdminProductListQuerySchema = z.strictObject({
  search: TextSchema.pipe(z.string().trim().max(100, 'Search text is too long')).optional(),
  category: ProductListQuerySchema.shape.category,
})
export type AdminProductListQuery = z.output<typeof AdminProductListQuerySchema>

/**
 * `PATCH /api/admin/products/:id`: any of the form's fields, by name only. The server merges
 * them into the stored product and checks the whole with ProductInputSchema, so the messages
 * and the subcategory rule are the same as when creating.
 */
export const ProductPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.keys(ProductInputSchema.shape).map((key) => [key, z.unknown().optional()]),
  ) as Record<keyof ProductInput, z.ZodOptional<z.ZodUnknown>>,
)
export type ProductPatch = Partial<ProductInput>

/** The messages of a farm box's list of items (docs/product.md#farm-boxes). */
export const BOX_CHOICE_MESSAGES = {
  notABox: 'Only a farm box has a list of items to choose from',
  tooMany: `A box offers at most ${BOX_CHOICE_LIST_MAX} items`,
  repeated: 'Each item can be on the list once',
  unknown: 'An item on the list is no longer in the shop',
  boxInBox: (name: string) => `${name} is a box and cannot go in a box`,
} as const

/**
 * `PUT /api/admin/products/:id/box-choices` and its GET: the items a farm box's builder offers,
 * in order; an empty list lets the box offer its filling category's first products.
 */
export const BoxChoicesSchema = z.strictObject({
  productIds: z
    .array(z.uuid('Product id must be a UUID'))
    .max(BOX_CHOICE_LIST_MAX, BOX_CHOICE_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, BOX_CHOICE_MESSAGES.repeated),
})
export type BoxChoices = z.infer<typeof BoxChoicesSchema>
