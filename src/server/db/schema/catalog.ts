import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, money, updatedAt } from './columns.ts'

export const producers = pgTable(
  'producers',
  {
    id: id(),
    /** the address of its page, /producer/<slug> */
    slug: text('slug').notNull().unique(),
    /** what products show as their farmSource; unique ignoring case, as ?farm= matches it */
    name: text('name').notNull(),
    location: text('location').notNull(),
    distance: text('distance').notNull(),
    established: text('established').notNull(),
    imageUrl: text('image_url'),
    description: text('description').notNull(),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    story: text('story').notNull(),
    additionalStory: text('additional_story'),
    practices: text('practices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availability: text('availability').notNull(),
    deliveryDays: text('delivery_days')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** who receives the producer's weekly harvest list; none yet when null */
    email: text('email'),
    /**
     * An inactive producer is off /producers, the landing carousel and the sitemap, and its page
     * is not found; its products stay in the shop (docs/product.md#catalogue).
     */
    active: boolean('active').notNull().default(true),
    /** display order on the producers page and the landing carousel */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('producers_name_lower_unique').on(sql`lower(${table.name})`),
    check('producers_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    subcategory2: text('subcategory2'),
    /** the product's farm: the API's farmSource is this producer's name */
    producerId: uuid('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'restrict' }),
    imageUrl: text('image_url'),
    inStock: boolean('in_stock').notNull().default(true),
    /** unit text such as "1 lb" or "12 ct" (the API's name for it, docs/product.md#products) */
    stockCount: text('stock_count').notNull().default('0'),
    /**
     * how many may be sold for each Saturday; null for no limit (docs/product.md#weekly-quantities)
     */
    weeklyQuantity: integer('weekly_quantity'),
    isNew: boolean('is_new').notNull().default(false),
    /** in season now: the product page says "In season" (docs/product.md#catalogue) */
    seasonal: boolean('seasonal').notNull().default(false),
    /** Texas sales tax applies to it (docs/product.md#tax); food for home consumption is exempt */
    taxable: boolean('taxable').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('products_category_subcategory_idx').on(table.category, table.subcategory),
    index('products_producer_id_idx').on(table.producerId),
    index('products_tags_idx').using('gin', table.tags),
    check('products_price_positive', sql`${table.price} > 0`),
    check('products_weekly_quantity_not_negative', sql`${table.weeklyQuantity} >= 0`),
  ],
)

/**
 * The items a farm box's builder offers, in the admin's order (docs/product.md#farm-boxes): a box
 * with none offers the first products of its filling category. A product deleted leaves every
 * list it was on; a box deleted takes its list with it.
 */
export const boxChoices = pgTable(
  'box_choices',
  {
    boxId: uuid('box_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.boxId, table.productId] }),
    index('box_choices_product_id_idx').on(table.productId),
    check('box_choices_not_itself', sql`${table.boxId} <> ${table.productId}`),
  ],
)
