import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, money, updatedAt } from './columns.ts'

export const producers = pgTable('producers', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
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
  /** display order on the producers page and the landing carousel */
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

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
    /** the producer's name, as the spec's wire format carries it */
    farmSource: text('farm_source').notNull(),
    imageUrl: text('image_url'),
    inStock: boolean('in_stock').notNull().default(true),
    /** unit text such as "1 lb" or "12 ct" (the spec's name for it) */
    stockCount: text('stock_count').notNull().default('0'),
    isNew: boolean('is_new').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('products_category_subcategory_idx').on(table.category, table.subcategory),
    index('products_farm_source_lower_idx').on(sql`lower(${table.farmSource})`),
    index('products_tags_idx').using('gin', table.tags),
    check('products_price_positive', sql`${table.price} > 0`),
  ],
)
