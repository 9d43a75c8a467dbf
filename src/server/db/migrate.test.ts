import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts'

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
      'box_choices',
      'contact_messages',
      'coupon_redemptions',
      'coupons',
      'delivery_routes',
      'demo_card_setups',
      'demo_payment_operations',
      'demo_payments',
      'demo_saved_cards',
      'driver_users',
      'email_outbox',
      'job_runs',
      'never_list_items',
      'newsletter_emails',
      'order_changes',
      'order_events',
      'order_item_shortfalls',
      'order_items',
      'order_status_changes',
      'orders',
      'password_reset_tokens',
      'payment_customers',
      'payment_operations',
      'pending_checkouts',
      'producers',
      'products',
      'rate_limit_counters',
      'route_stop_positions',
      'sessions',
      'staff_invitations',
      'subscription_items',
      'subscription_skips',
      'subscriptions',
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

  test('rate-limit counts skip the write-ahead log (an unlogged table); everything else is logged', async () => {
    const persistence = await empty.pool.query<{ relname: string; relpersistence: string }>(
      "select relname, relpersistence from pg_class join pg_namespace n on n.oid = relnamespace where nspname = 'public' and relkind = 'r'",
    )
    const unlogged = persistence.rows.filter((row) => row.relpersistence === 'u')
    expect(unlogged.map((row) => row.relname)).toEqual(['rate_limit_counters'])
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

  test('a product names its producer by id, indexed, and a producer with products cannot go', async () => {
    const indexes = await empty.pool.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where schemaname = 'public' and tablename = 'products'",
    )
    expect(indexes.rows.map((row) => row.indexdef).join('\n')).toMatch(
      /INDEX products_producer_id_idx ON public.products USING btree \(producer_id\)/,
    )
    const columns = await empty.pool.query<{ column_name: string; is_nullable: string }>(
      "select column_name, is_nullable from information_schema.columns where table_name = 'products'",
    )
    expect(columns.rows).toContainEqual({ column_name: 'producer_id', is_nullable: 'NO' })
    expect(columns.rows.map((row) => row.column_name)).not.toContain('farm_source')
    const foreignKey = await empty.pool.query<{ definition: string }>(
      "select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'products_producer_id_producers_id_fk'",
    )
    expect(foreignKey.rows[0]?.definition).toBe(
      'FOREIGN KEY (producer_id) REFERENCES producers(id) ON DELETE RESTRICT',
    )
  })
})

describe('migration 0004: products name their producer', () => {
  let before: TestDatabase
  let folder: string

  /** the migrations up to 0003, as a database made before 0004 had them */
  async function migrationsBefore(tag: string): Promise<string> {
    const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'houston-migrations-'))
    await fs.cp(MIGRATIONS_FOLDER, copy, { recursive: true })
    const journalFile = path.join(copy, 'meta', '_journal.json')
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as {
      entries: { tag: string }[]
    }
    const until = journal.entries.findIndex((entry) => entry.tag === tag)
    journal.entries = journal.entries.slice(0, until)
    await fs.writeFile(journalFile, JSON.stringify(journal))
    return copy
  }

  beforeAll(async () => {
    before = await createTestDatabase({ fromTemplate: false })
    folder = await migrationsBefore('0004_producers')
    await migrateDatabase(before.pool, folder)
  })
  afterAll(async () => {
    await before.drop()
    await fs.rm(folder, { recursive: true, force: true })
  })

  test('keeps every product: a farm no producer has gets an inactive producer of its own', async () => {
    const producer = (slug: string, name: string, sortOrder: number) =>
      before.pool.query(
        `insert into producers (slug, name, location, distance, established, description, story, availability, sort_order)
         values ($1, $2, 'Spring, Texas', '24 miles from Houston', 'Est. 1978', 'A farm.', 'Its story.', 'Year-round', $3)`,
        [slug, name, sortOrder],
      )
    await producer('atkinson-farms', 'Atkinson Farms', 0)
    await producer('gundermann-acres', 'Kraftsmen', 1) // a slug a new farm's name would make
    const product = (name: string, farmSource: string) =>
      before.pool.query(
        `insert into products (name, price, category, farm_source) values ($1, '4.50', 'produce', $2)`,
        [name, farmSource],
      )
    await product('Heirloom Tomatoes', 'Atkinson Farms')
    await product('Okra', 'atkinson farms') // the same producer in other letters
    await product('Pecan Butter', 'Gundermann Acres') // known to no producer
    await product('Pecan Oil', ' GUNDERMANN ACRES ')
    await product('Pecan Flour', 'Gundermann Acres') // most of its products spell it so
    await product('Raw Milk', "Mom & Pop's Dairy!")
    await product('Mystery Jam', '   ')

    await migrateDatabase(before.pool)

    const linked = await before.pool.query<{
      product: string
      producer: string
      slug: string
      active: boolean
    }>(
      `select products.name as product, producers.name as producer, producers.slug, producers.active
       from products join producers on producers.id = products.producer_id order by products.name`,
    )
    expect(linked.rows).toHaveLength(7)
    const farmOf = Object.fromEntries(linked.rows.map((row) => [row.product, row]))
    expect(farmOf['Heirloom Tomatoes']).toMatchObject({ producer: 'Atkinson Farms', active: true })
    expect(farmOf.Okra).toMatchObject({ producer: 'Atkinson Farms', slug: 'atkinson-farms' })
    expect(farmOf['Pecan Butter']).toMatchObject({ producer: 'Gundermann Acres', active: false })
    expect(farmOf['Pecan Oil']?.slug).toBe(farmOf['Pecan Butter']?.slug)
    expect(farmOf['Pecan Flour']?.slug).toBe(farmOf['Pecan Butter']?.slug)
    // gundermann-acres was taken, so the new producer's slug carries a suffix
    expect(farmOf['Pecan Butter']?.slug).toMatch(/^gundermann-acres-[0-9a-f]{8}$/)
    expect(farmOf['Raw Milk']).toMatchObject({
      producer: "Mom & Pop's Dairy!",
      slug: 'mom-pop-s-dairy',
    })
    expect(farmOf['Mystery Jam']).toMatchObject({
      producer: 'Unknown producer',
      slug: 'unknown-producer',
    })

    const made = await before.pool.query<Record<string, unknown>>(
      `select name, location, distance, established, description, story, availability, email, sort_order
       from producers where name = 'Gundermann Acres'`,
    )
    expect(made.rows).toEqual([
      {
        name: 'Gundermann Acres',
        location: 'Greater Houston, Texas',
        distance: 'Within 75 miles of Houston',
        established: 'Year to be confirmed',
        description:
          'Gundermann Acres supplies products to the shop. Their profile is still being written.',
        story: 'The story of Gundermann Acres is coming soon.',
        availability: 'To be confirmed',
        email: null,
        sort_order: expect.any(Number) as unknown,
      },
    ])
    expect(made.rows[0]?.sort_order).toBeGreaterThan(1)
    const producers = await before.pool.query<{ count: number }>(
      'select count(*)::int as count from producers',
    )
    expect(producers.rows[0]?.count).toBe(5)
  })
})
