import { useQuery } from '@tanstack/react-query'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { adminWeekQueries } from '../api/admin-week.ts'
import { AdminLoadError } from '#web/components/admin/list-states.tsx'

/**
 * "Short this week" (docs/product.md#refunds): what was short at packing on the Saturday's
 * orders, by the producer it was sold from, for their next harvest.
 */
export function WeekShortfallsSection({ saturday }: { saturday: string }) {
  const shortfalls = useQuery(adminWeekQueries.shortfalls(saturday))
  return (
    <section aria-labelledby="short-title" className="flex flex-col gap-4 print:hidden">
      <div className="flex flex-col gap-1">
        <h2 id="short-title" className="text-xl font-semibold text-forest">
          Short this week
        </h2>
        <p className="text-sm text-muted-foreground">
          Items short at packing, by producer: a note for their next harvest.
        </p>
      </div>
      {shortfalls.isError ? (
        <AdminLoadError
          text={errorMessage(shortfalls.error, "We couldn't load what was short.")}
          onRetry={() => void shortfalls.refetch()}
        />
      ) : !shortfalls.data ? null : shortfalls.data.producers.length === 0 ? (
        <p className="text-muted-foreground">Nothing was short this week.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {shortfalls.data.producers.map((producer) => (
            <li
              key={producer.name}
              className="flex flex-col gap-2 rounded-2xl border border-border bg-card px-4 py-3"
            >
              <h3 className="flex justify-between gap-3 font-semibold">
                <span>{producer.name}</span>
                <span className="tabular-nums">{formatDecimalPrice(producer.amount)}</span>
              </h3>
              <ul className="text-sm">
                {producer.lines.map((line) => (
                  <li key={line.name} className="flex justify-between gap-3">
                    <span>
                      <span className="tabular-nums">{line.quantity} ×</span> {line.name}
                    </span>
                    <span className="text-muted-foreground tabular-nums">
                      {formatDecimalPrice(line.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
