import { sql } from 'drizzle-orm'
import { type AnyPgColumn, numeric, timestamp, uuid } from 'drizzle-orm/pg-core'

export const id = () => uuid('id').primaryKey().defaultRandom()
/** Money: numeric(10,2), read as a "12.99" string and turned into cents by shared/domain/money */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 })
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => timestamptz('created_at').notNull().defaultNow()
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

/** a check constraint's list of allowed values: `('a', 'b')` */
export const inList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`)

/** the five money columns of a priced basket (a checkout, an order, a change) are never negative */
export const moneyNotNegative = (table: {
  subtotal: AnyPgColumn
  discountAmount: AnyPgColumn
  deliveryFee: AnyPgColumn
  tax: AnyPgColumn
  total: AnyPgColumn
}) =>
  sql`${table.subtotal} >= 0 and ${table.discountAmount} >= 0 and ${table.deliveryFee} >= 0 and ${table.tax} >= 0 and ${table.total} >= 0`
