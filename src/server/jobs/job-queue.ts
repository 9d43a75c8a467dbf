import type { FastifyBaseLogger } from 'fastify'
import {
  Logger,
  run,
  runMigrations,
  runOnce,
  type Runner,
  type RunnerOptions,
  type Task,
  type TaskList,
} from 'graphile-worker'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Executor } from '../db/transaction.ts'

/**
 * The job queue (docs/decisions/0007-job-queue.md): graphile-worker on the shop's own
 * PostgreSQL. A job is a row added inside the transaction that causes it, so it exists exactly
 * when that change committed; any app process's runner takes it (SKIP LOCKED: one at a time),
 * retries it with exponential backoff when it throws, and a job whose process died is taken
 * again once its lock expires. Jobs therefore run at least once: each task is idempotent.
 */

export interface JobOptions {
  /** a second job with the same key replaces a waiting one instead of being added beside it */
  readonly jobKey?: string
  readonly maxAttempts?: number
  readonly runAt?: Date
  /** run no sooner than this many seconds after the transaction (by the database's clock) */
  readonly delaySeconds?: number
}

/** What a task is told of the job running it. */
export interface JobContext {
  readonly attempts: number
  readonly maxAttempts: number
}

export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>

/** Adds a job inside the caller's transaction: it runs only if that transaction commits. */
export async function addJobWithin(
  tx: Executor,
  task: string,
  payload: Record<string, unknown>,
  options: JobOptions = {},
): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(
      ${task},
      ${JSON.stringify(payload)}::json,
      run_at => coalesce(
        ${options.runAt?.toISOString() ?? null}::timestamptz,
        now() + make_interval(secs => ${options.delaySeconds ?? 0})
      ),
      max_attempts => ${options.maxAttempts ?? null}::int,
      job_key => ${options.jobKey ?? null}::text
    )`,
  )
}

/** graphile-worker's tables, created (or brought up to date) beside the shop's own. */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger })
}

const quietLogger = new Logger(() => () => {})

/**
 * Without batching, graphile-worker 0.17 records a job's success or failure without waiting for
 * it: a run-once could return before its last job was marked done (and a refused write would be
 * an unhandled rejection). Batching with no delay writes just as soon, but a runner waits for
 * those writes before it stops, and a write that keeps failing stops the runner (started again,
 * see startJobRunner) instead of the process.
 */
const preset = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } }

function loggerFor(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta, component: 'job-queue' }
    // graphile's LogLevel is a const enum of these strings
    const name: string = level
    if (name === 'error') log.error(fields, message)
    else if (name === 'warning') log.warn(fields, message)
    else if (name === 'info') log.info(fields, message)
    else log.debug(fields, message)
  })
}

function taskListOf(handlers: Readonly<Record<string, JobHandler>>): TaskList {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]): [string, Task] => [
      name,
      (payload, helpers) =>
        handler(payload, {
          attempts: helpers.job.attempts,
          maxAttempts: helpers.job.max_attempts,
        }),
    ]),
  )
}

export interface JobRunner {
  stop(): Promise<void>
}

/** how long to wait before starting a runner again after it stopped by itself, doubling */
const RESTART_DELAY_MS = { first: 1_000, max: 30_000 }
/** a runner that lived this long was healthy: the next restart starts from the first delay */
const HEALTHY_AFTER_MS = 60_000

/**
 * This process's runner: it takes jobs as they are added (LISTEN/NOTIFY, with a poll for
 * retries and jobs scheduled later) and adds the crontab's jobs on time. Every app process
 * runs one; graphile-worker makes sure each job and each cron tick runs once among them.
 *
 * graphile-worker stops a runner whose workers keep failing to reach the database (it cannot
 * tell an outage from a bug); the shop keeps serving and its database comes back, so a runner
 * that stops without being asked is started again, after a delay that doubles while the
 * database stays away.
 */
export async function startJobRunner({
  pool,
  handlers,
  crontab,
  log,
  concurrency = 2,
  restartDelayMs = RESTART_DELAY_MS,
  runGraphileWorker = run,
}: {
  pool: pg.Pool
  handlers: Readonly<Record<string, JobHandler>>
  crontab?: string
  log: FastifyBaseLogger
  concurrency?: number
  restartDelayMs?: { first: number; max: number }
  /** graphile-worker's `run`; a test passes a runner that stops when it says */
  runGraphileWorker?: (options: RunnerOptions) => Promise<Pick<Runner, 'promise' | 'stop'>>
}): Promise<JobRunner> {
  type StartedRunner = Pick<Runner, 'promise' | 'stop'>
  let stopping = false
  let current: StartedRunner | undefined
  let restartTimer: NodeJS.Timeout | undefined
  let delay = restartDelayMs.first

  const startRunner = async (): Promise<void> => {
    const runner = await runGraphileWorker({
      pgPool: pool,
      taskList: taskListOf(handlers),
      ...(crontab ? { crontab } : {}),
      concurrency,
      noHandleSignals: true,
      pollInterval: 2_000,
      preset,
      logger: loggerFor(log),
    })
    // the shop began to stop while this runner was starting: it stops too
    if (stopping) {
      await runner.stop()
      return
    }
    current = runner
    const startedAt = Date.now()
    void runner.promise.then(
      () => runnerEnded(runner, startedAt, undefined),
      (error: unknown) => runnerEnded(runner, startedAt, error),
    )
  }

  const runnerEnded = (runner: StartedRunner, startedAt: number, error: unknown) => {
    if (stopping || current !== runner) return
    current = undefined
    if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delay = restartDelayMs.first
    log.warn({ err: error, component: 'job-queue' }, `the job runner stopped; starting it again`)
    scheduleRestart()
  }

  const scheduleRestart = () => {
    const wait = delay
    delay = Math.min(delay * 2, restartDelayMs.max)
    restartTimer = setTimeout(() => {
      restartTimer = undefined
      if (stopping) return
      startRunner().catch((error: unknown) => {
        log.warn({ err: error, component: 'job-queue' }, 'the job runner could not start yet')
        if (!stopping) scheduleRestart()
      })
    }, wait)
    restartTimer.unref()
  }

  await startRunner()
  return {
    async stop() {
      stopping = true
      if (restartTimer) clearTimeout(restartTimer)
      await current?.stop()
    },
  }
}

/** Runs every job that is due now, then returns (tests, and a manual catch-up). */
export async function runDueJobs({
  pool,
  handlers,
  log,
}: {
  pool: pg.Pool
  handlers: Readonly<Record<string, JobHandler>>
  log?: FastifyBaseLogger
}): Promise<void> {
  await runOnce({
    pgPool: pool,
    taskList: taskListOf(handlers),
    noHandleSignals: true,
    preset,
    logger: log ? loggerFor(log) : quietLogger,
  })
}
