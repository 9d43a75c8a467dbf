import { useQuery } from '@tanstack/react-query'
import { AlertTriangleIcon, ClockIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import {
  businessDateTimeFormat,
  ORDER_CUTOFF,
  formatDeliveryDate,
} from '#shared/domain/delivery.ts'
import type { JobRun } from '#shared/schemas/order-changes.ts'
import { cn } from '#web/lib/cn.ts'
import { adminJobQueries } from '../api/admin-jobs.ts'
import { AdminEmpty, AdminLoadError, AdminLoading } from '#web/components/admin/list-states.tsx'

const STATUS: Record<JobRun['status'], { label: string; style: string }> = {
  running: { label: 'Running', style: 'bg-butter/40 text-charcoal' },
  finished: { label: 'Finished', style: 'bg-accent text-accent-foreground' },
  failed: { label: 'Failed', style: 'bg-tomato text-white' },
  interrupted: { label: 'Interrupted', style: 'bg-wheat text-charcoal' },
}

const timeFormat = businessDateTimeFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
})
const formatTime = (iso: string) => timeFormat.format(new Date(iso))

/** A run's key names the delivery day it is for ("2026-11-28"), when it is for one. */
const deliveryDayOf = (run: JobRun) => /^\d{4}-\d{2}-\d{2}$/.exec(run.runKey)?.[0] ?? null

/** Saturday 5:00 AM in Houston is stored as the delivery; noon UTC names the same day anywhere. */
const formatDeliveryDay = (day: string) => formatDeliveryDate(new Date(`${day}T12:00:00Z`))

/** The jobs' names as staff read them; a job without one shows its own name. */
const JOB_LABELS: Record<string, string> = {
  cutoff: 'Cut-off capture',
  harvest_emails: 'Harvest e-mails',
  hold_unpaid: 'Held unpaid orders',
}
const jobName = (job: string) => JOB_LABELS[job] ?? job

/** Where the orders of a delivery day are listed: the Orders tab, filtered by that day. */
const ordersOfDay = (day: string) => `/admin?deliveryDate=${day}`

/**
 * The Jobs tab (docs/product.md#cut-off): the cut-off job's runs, newest first, with what
 * each captured and what failed, and the way to the orders whose payment failed.
 */
export function JobsTab() {
  const jobs = useQuery(adminJobQueries.runs())
  return (
    <section aria-labelledby="admin-jobs-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id="admin-jobs-title" className="text-xl font-semibold text-forest">
          Job runs
        </h2>
        <p className="max-w-2xl text-sm text-muted-foreground">
          At each cut-off ({ORDER_CUTOFF.label}, Houston time) the cut-off job locks that
          Saturday&apos;s orders and charges their cards. A shop that was down at the cut-off runs
          it as soon as it is back.
        </p>
      </div>
      {jobs.isPending ? (
        <AdminLoading text="Loading job runs..." />
      ) : jobs.isError ? (
        <AdminLoadError
          text="We couldn't load the job runs just now."
          onRetry={() => void jobs.refetch()}
        />
      ) : jobs.data.runs.length === 0 ? (
        <AdminEmpty
          icon={ClockIcon}
          title="No job runs yet"
          text="The first run appears here after the next cut-off."
        />
      ) : (
        <>
          <FailedPayments runs={jobs.data.runs} />
          <RunTable runs={jobs.data.runs} busy={jobs.isFetching} />
        </>
      )}
    </section>
  )
}

/**
 * The delivery days whose latest run could not charge some cards: those orders read "Payment
 * failed" and their customers were e-mailed a link to pay again.
 */
function FailedPayments({ runs }: { runs: readonly JobRun[] }) {
  const latestByDay = new Map<string, JobRun>()
  for (const run of runs) {
    const day = deliveryDayOf(run)
    // newest first: the first cut-off run of a day is its latest (other jobs capture nothing)
    if (day && run.job === 'cutoff' && !latestByDay.has(day)) latestByDay.set(day, run)
  }
  const failing = [...latestByDay].filter(([, run]) => run.failed > 0)
  if (failing.length === 0) return null
  return (
    <div
      role="region"
      aria-label="Failed payments"
      className="flex flex-col gap-2 rounded-2xl border border-tomato/40 bg-tomato/5 p-4"
    >
      <p className="flex items-center gap-2 font-semibold text-tomato">
        <AlertTriangleIcon className="size-5 shrink-0" aria-hidden />
        Payments that failed at the cut-off
      </p>
      <ul className="flex flex-col gap-1.5 text-sm">
        {failing.map(([day, run]) => (
          <li key={day} className="flex flex-wrap items-baseline gap-x-2">
            <span>
              {formatDeliveryDay(day)}: <strong className="tabular-nums">{run.failed}</strong>{' '}
              {run.failed === 1 ? 'order' : 'orders'} not paid.
            </span>
            <Link
              to={ordersOfDay(day)}
              className="font-semibold text-primary underline underline-offset-4"
            >
              Orders of {formatDeliveryDay(day)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        Those orders read &ldquo;Payment failed&rdquo;; their customers were e-mailed a link to pay
        with another card.
      </p>
    </div>
  )
}

function RunTable({ runs, busy }: { runs: readonly JobRun[]; busy: boolean }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card" aria-busy={busy}>
      <table className="w-full text-sm">
        <caption className="sr-only">Job runs, newest first</caption>
        <thead className="hidden bg-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase lg:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Job
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Delivery
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Started
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Finished
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">
              Captured
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">
              Failed
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
          </tr>
        </thead>
        {/* below lg each row is a card: the cells wrap under the job's name */}
        <tbody className="divide-y divide-border">
          {runs.map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

const CELL = 'col-span-2 lg:table-cell lg:px-3 lg:py-3'
/** what a cell's column says, in the card layout only (the table has its header) */
const CardLabel = ({ children }: { children: string }) => (
  <span className="text-muted-foreground lg:sr-only">{children} </span>
)

function RunRow({ run }: { run: JobRun }) {
  const day = deliveryDayOf(run)
  const status = STATUS[run.status]
  return (
    <tr className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 lg:table-row lg:p-0">
      <th
        scope="row"
        className="col-start-1 row-start-1 text-left font-semibold lg:table-cell lg:px-4 lg:py-3"
      >
        {jobName(run.job)}
      </th>
      <td className={CELL}>
        <CardLabel>For</CardLabel>
        {day ? `${formatDeliveryDay(day)}` : run.runKey}
      </td>
      <td className={cn(CELL, 'tabular-nums')}>
        <CardLabel>Started</CardLabel>
        {formatTime(run.startedAt)}
      </td>
      <td className={cn(CELL, 'tabular-nums')}>
        <CardLabel>Finished</CardLabel>
        {run.finishedAt ? (
          formatTime(run.finishedAt)
        ) : (
          <span className="text-muted-foreground">Not yet</span>
        )}
      </td>
      <td className={cn(CELL, 'tabular-nums lg:text-right')}>
        <CardLabel>Captured</CardLabel>
        {run.succeeded}
      </td>
      <td className={cn(CELL, 'tabular-nums lg:text-right')}>
        <CardLabel>Failed</CardLabel>
        {run.failed > 0 && day ? (
          <Link
            to={ordersOfDay(day)}
            className="font-semibold text-tomato underline underline-offset-4"
            aria-label={`${run.failed} failed: the orders of ${formatDeliveryDay(day)}`}
          >
            {run.failed}
          </Link>
        ) : (
          run.failed
        )}
      </td>
      <td className="col-start-2 row-start-1 flex flex-col items-end gap-1 lg:table-cell lg:px-4 lg:py-3">
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
            status.style,
          )}
        >
          {status.label}
        </span>
        {run.detail ? (
          <span className="block max-w-56 text-right text-xs text-muted-foreground [overflow-wrap:anywhere] lg:mt-1 lg:text-left">
            {run.detail}
          </span>
        ) : null}
      </td>
    </tr>
  )
}
