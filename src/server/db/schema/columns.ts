import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core'

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
