import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AppError } from '#server/app-error.ts'
import { connectDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { rateLimitCounters } from '#server/db/schema/index.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { createRateLimitsFeature } from './index.ts'

const MINUTE = 60_000
let clock = new Date('2026-11-24T16:00:00Z')
const now = () => clock
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

let database: TestDatabase
/** a second pool on the same database: another app process */
let other: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
  other = connectDatabase(database.url, testLogger, { max: 5 })
})
afterAll(async () => {
  await other.close()
  await database.drop()
})

let lastKey = 0
const newKey = () => `test:${++lastKey}`

describe('a request window', () => {
  test('counts from its first hit, says how long it has left, and starts again once ended', async () => {
    const limits = createRateLimitsFeature({ db: database.db, now })
    const key = newKey()
    expect(await limits.hit(key, MINUTE)).toEqual({ hits: 1, msLeft: MINUTE })
    later(20_000)
    expect(await limits.hit(key, MINUTE)).toEqual({ hits: 2, msLeft: 40_000 })
    later(39_999)
    expect(await limits.hit(key, MINUTE)).toEqual({ hits: 3, msLeft: 1 })
    later(1)
    // the window ended at this very moment: a new one begins
    expect(await limits.hit(key, MINUTE)).toEqual({ hits: 1, msLeft: MINUTE })
  })

  test('keys count apart', async () => {
    const limits = createRateLimitsFeature({ db: database.db, now })
    const [one, two] = [newKey(), newKey()]
    await limits.hit(one, MINUTE)
    await limits.hit(one, MINUTE)
    expect((await limits.hit(two, MINUTE)).hits).toBe(1)
    expect((await limits.hit(one, MINUTE)).hits).toBe(3)
  })

  test('hits from two processes at once are each counted exactly once', async () => {
    const first = createRateLimitsFeature({ db: database.db, now })
    const second = createRateLimitsFeature({ db: other.db, now })
    const key = newKey()
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).hit(key, MINUTE)),
    )
    expect(counts.map(({ hits }) => hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
  })
})

describe('an attempt limiter', () => {
  const failedSignIns = (db = database.db) =>
    createRateLimitsFeature({ db, now }).attemptLimiter({
      name: 'login-failed',
      max: 3,
      windowMs: 15 * MINUTE,
      what: 'failed sign-ins',
    })

  test('refuses with 429 once max attempts were made, saying in how many minutes to try again', async () => {
    const limiter = failedSignIns()
    const address = `maria-${++lastKey}@example.com`
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.attempt(address)
    later(MINUTE)
    const refused = await limiter.attempt(address.toUpperCase()).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many failed sign-ins for this address. Please try again in 14 minutes.',
    })
    later(13 * MINUTE + 30_000)
    await expect(limiter.attempt(address)).rejects.toThrow(/try again in 1 minute\.$/)
    later(30_000)
    await expect(limiter.attempt(address)).resolves.toBeDefined()
  })

  test('attempts racing on two processes never pass the limit together', async () => {
    const here = failedSignIns()
    const there = failedSignIns(other.db)
    const address = `racer-${++lastKey}@example.com`
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? here : there).attempt(address)),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
  })

  test('outcomes recorded after the fact: check refuses once max were recorded', async () => {
    const limiter = failedSignIns()
    const subject = `outcomes-${++lastKey}`
    for (let outcome = 0; outcome < 3; outcome += 1) {
      await expect(limiter.check(subject)).resolves.toBeUndefined()
      await limiter.record(subject)
    }
    await expect(limiter.check(subject)).rejects.toMatchObject({ status: 429 })
    later(15 * MINUTE)
    await expect(limiter.check(subject)).resolves.toBeUndefined()
  })

  test('an attempt given back does not count', async () => {
    const limiter = failedSignIns()
    const subject = `given-back-${++lastKey}`
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await (await limiter.attempt(subject)).giveBack()
    }
    await limiter.attempt(subject)
    await limiter.attempt(subject)
    await expect(limiter.attempt(subject)).resolves.toBeDefined()
    await expect(limiter.attempt(subject)).rejects.toMatchObject({ status: 429 })
  })

  test('counts what every process recorded, and clear forgets them everywhere', async () => {
    const here = failedSignIns()
    const there = failedSignIns(other.db)
    const address = `rosa-${++lastKey}@example.com`
    await here.attempt(address)
    await there.attempt(address)
    await here.attempt(address)
    await expect(there.attempt(address)).rejects.toMatchObject({ status: 429 })
    await here.clear(address)
    await expect(there.attempt(address)).resolves.toBeDefined()
  })

  test('limiters of different names count apart', async () => {
    const limits = createRateLimitsFeature({ db: database.db, now })
    const declined = limits.attemptLimiter({
      name: 'card-declined',
      max: 1,
      windowMs: 15 * MINUTE,
      what: 'declined cards',
      per: 'account',
    })
    const subject = `subject-${++lastKey}`
    await failedSignIns().attempt(subject)
    await expect(declined.attempt(subject)).resolves.toBeDefined()
    await expect(declined.attempt(subject)).rejects.toThrow(
      /^Too many declined cards for this account\. Please try again in 15 minutes\.$/,
    )
  })
})

test('purging removes the windows that have ended, and only those', async () => {
  const limits = createRateLimitsFeature({ db: database.db, now })
  await database.db.delete(rateLimitCounters)
  const [short, long] = [newKey(), newKey()]
  await limits.hit(short, MINUTE)
  await limits.hit(long, 10 * MINUTE)
  later(MINUTE)
  expect(await limits.purgeExpired()).toBe(1)
  const left = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)
  expect(left).toEqual([{ key: long }])
  expect((await limits.hit(long, 10 * MINUTE)).hits).toBe(2)
})
