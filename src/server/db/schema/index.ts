// The schema as one object, for drizzle(pool, { schema }) and drizzle-kit.
export * from './accounts.ts'
export * from './catalog.ts'
export * from './marketing.ts'
export * from './meta.ts'
export * from './orders.ts'
export * from './order-life.ts'
export * from './uploads.ts'
export * from './rate-limits.ts'
