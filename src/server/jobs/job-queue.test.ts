import pino from 'pino'
import type pg from 'pg'
import { describe, expect, test } from 'vitest'
import { startJobRunner } from './job-queue.ts'

/**
 * graphile-worker stops a runner whose workers keep failing to reach the database; the shop's
 * runner is then started again, after a delay that doubles, until the shop asks it to stop.
 */

interface FakeRunner {
  promise: Promise<void>
  stopped: boolean
  stop(): Promise<void>
  /** graphile-worker gives up: the runner's promise rejects */
  giveUp(error: Error): void
}

/** `refused` says which starts (1, 2, …) cannot reach the database */
function fakeGraphileWorker(refused: (start: number) => boolean = () => false) {
  const runners: FakeRunner[] = []
  let starts = 0
  const startedAt: number[] = []
  const run = async () => {
    starts += 1
    startedAt.push(performance.now())
    if (refused(starts)) throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
    let reject!: (error: Error) => void
    let resolve!: () => void
    const promise = new Promise<void>((ok, fail) => {
      resolve = ok
      reject = fail
    })
    const runner: FakeRunner = {
      promise,
      stopped: false,
      async stop() {
        runner.stopped = true
        resolve()
      },
      giveUp: (error) => reject(error),
    }
    runners.push(runner)
    return runner
  }
  return { run, runners, startedAt, starts: () => starts }
}

const silentLog = pino({ level: 'silent' })
const pool = {} as pg.Pool
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time')
    await sleep(5)
  }
}

describe('the job runner', () => {
  test('a runner that stops by itself is started again; one that is asked to stop is not', async () => {
    const graphile = fakeGraphileWorker()
    const jobs = await startJobRunner({
      pool,
      handlers: {},
      log: silentLog,
      restartDelayMs: { first: 20, max: 80 },
      runGraphileWorker: graphile.run,
    })
    expect(graphile.runners).toHaveLength(1)

    graphile.runners[0]!.giveUp(new Error('Connection terminated unexpectedly'))
    await until(() => graphile.runners.length === 2)
    expect(graphile.runners[1]!.stopped).toBe(false)

    await jobs.stop()
    expect(graphile.runners[1]!.stopped).toBe(true)
    await sleep(150)
    expect(graphile.runners).toHaveLength(2)
  })

  test('while the database stays away, each start waits twice as long as the one before, up to the most', async () => {
    const graphile = fakeGraphileWorker((start) => start >= 2 && start <= 4)
    const jobs = await startJobRunner({
      pool,
      handlers: {},
      log: silentLog,
      restartDelayMs: { first: 40, max: 100 },
      runGraphileWorker: graphile.run,
    })
    graphile.runners[0]!.giveUp(new Error('Connection terminated unexpectedly'))
    // starts 2, 3 and 4 are refused; the fifth runs
    await until(() => graphile.runners.length === 2)
    expect(graphile.starts()).toBe(5)
    const waits = graphile.startedAt.slice(1).map((at, index) => at - graphile.startedAt[index]!)
    // timers never fire early (a millisecond of rounding aside); late is the machine's business
    expect(waits[0]).toBeGreaterThanOrEqual(40 - 1)
    expect(waits[1]).toBeGreaterThanOrEqual(80 - 1)
    expect(waits[2]).toBeGreaterThanOrEqual(100 - 1)
    expect(waits[3]).toBeGreaterThanOrEqual(100 - 1)
    await jobs.stop()
    expect(graphile.runners[1]!.stopped).toBe(true)
  })

  test('a runner still starting when the shop stops is stopped once it has started', async () => {
    const graphile = fakeGraphileWorker()
    let starts = 0
    let letItStart!: () => void
    const slowStart = new Promise<void>((resolve) => (letItStart = resolve))
    const jobs = await startJobRunner({
      pool,
      handlers: {},
      log: silentLog,
      restartDelayMs: { first: 10, max: 10 },
      runGraphileWorker: async () => {
        starts += 1
        if (starts === 2) await slowStart
        return graphile.run()
      },
    })
    graphile.runners[0]!.giveUp(new Error('Connection terminated unexpectedly'))
    await until(() => starts === 2)
    await jobs.stop()
    letItStart()
    await until(() => graphile.runners.length === 2)
    await until(() => graphile.runners[1]!.stopped)
  })
})
