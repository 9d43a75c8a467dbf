// The schema as one object, for drizzle(pool, { schema }) and drizzle-kit. Each file holds the
// tables of one owner (docs/decisions/0012-one-owner-per-table.md); features import their own
// file, never this index (tests/architecture/table-owners.test.ts).
export * from './accounts.ts'
export * from './catalog.ts'
export * from './checkout.ts'
export * from './coupons.ts'
export * from './job-runs.ts'
export * from './marketing.ts'
export * from './meta.ts'
export * from './orders.ts'
export * from './order-money.ts'
export * from './outbox.ts'
export * from './rate-limits.ts'
export * from './routes.ts'
export * from './saved-cards.ts'
export * from './staff.ts'
export * from './subscriptions.ts'
export * from './uploads.ts'
