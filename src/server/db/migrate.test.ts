import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { migrateDatabase } from './migrate.ts'

let empty: TestDatabase
beforeAll(async () => {
  empty = await createTestDatabase({ fromTemplate: false })
})
afterAll(() => empty.drop())

describe('migrations', () => {
  test('two processes migrating at once apply each migration exactly once', async () => {
    const [first, second] = await Promise.allSettled([
      migrateDatabase(empty.pool),
      migrateDatabase(empty.pool),
    ])
    expect(first.status).toBe('fulfilled')
    expect(second.status).toBe('fulfilled')
    const applied = await empty.pool.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    )
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } }))
      .default
    expect(applied.rows[0]?.count).toBe(journal.entries.length)
    const tables = await empty.pool.query(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    )
    expect(tables.rows.map((row: { table_name: string }) => row.table_name)).toEqual([
      'admin_users',
      'app_meta',
      'contact_messages',
      'coupon_redemptions',
      'coupons',
      'demo_payments',
      'newsletter_emails',
      'order_items',
      'order_status_changes',
      'orders',
      'password_reset_tokens',
      'pending_checkouts',
      'producers',
      'products',
      'rate_limit_counters',
      'sessions',
      'upload_tickets',
      'users',
      'waitlist_emails',
    ])
  })

  test('running them again changes nothing', async () => {
    await migrateDatabase(empty.pool)
    const applied = await empty.pool.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    )
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } }))
      .default
    expect(applied.rows[0]?.count).toBe(journal.entries.length)
  })

  test('the indexes the queries need exist', async () => {
    const indexes = await empty.pool.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where schemaname = 'public'",
    )
    const definitions = indexes.rows.map((row) => row.indexdef).join('\n')
    expect(definitions).toMatch(
      /UNIQUE INDEX users_email_lower_unique ON public.users USING btree \(lower\(email\)\)/,
    )
    expect(definitions).toMatch(
      /INDEX sessions_expire_idx ON public.sessions USING btree \(expire\)/,
    )
    expect(definitions).toMatch(
      /INDEX orders_user_id_created_idx ON public.orders USING btree \(user_id, created_at\)/,
    )
    expect(definitions).toMatch(/INDEX products_category_subcategory_idx ON public.products/)
    expect(definitions).toMatch(/UNIQUE INDEX orders_payment_intent_id_unique ON public.orders/)
    expect(definitions).toMatch(
      /UNIQUE INDEX coupons_code_lower_unique ON public.coupons USING btree \(lower\(code\)\)/,
    )
  })
})
