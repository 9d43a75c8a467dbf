import { PrinterIcon } from 'lucide-react'
import type { PickList } from '#shared/schemas/week.ts'
import { Button } from '#web/components/ui/button.tsx'
import { WeekLinesTable } from './week-lines-table.tsx'

/** Every product of the day, by category and producer (docs/product.md#the-week). */
export function PickListView({ pickList, onPrint }: { pickList: PickList; onPrint: () => void }) {
  return (
    <section aria-labelledby="pick-list-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pick-list-title" className="text-xl font-semibold text-forest">
          Pick list
        </h2>
        <Button
          variant="outline"
          onClick={onPrint}
          disabled={pickList.categories.length === 0}
          className="print:hidden"
        >
          <PrinterIcon aria-hidden />
          Print pick list
        </Button>
      </div>
      {pickList.categories.length === 0 ? (
        <p className="text-muted-foreground">Nothing to pick for this Saturday yet.</p>
      ) : (
        <div className="flex flex-col gap-5">
          {pickList.categories.map((category) => (
            <div key={category.slug} className="flex flex-col gap-3 print:break-inside-avoid">
              <h3 className="text-lg font-semibold text-forest">{category.name}</h3>
              <div className="grid gap-4 md:grid-cols-2">
                {category.producers.map((producer) => (
                  <div
                    key={producer.slug || producer.name}
                    className="rounded-xl border border-border bg-card p-4 print:border-0 print:p-0"
                  >
                    <h4 className="font-semibold">{producer.name}</h4>
                    <WeekLinesTable
                      lines={producer.lines}
                      caption={`${category.name} from ${producer.name}`}
                    />
                  </div>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </section>
  )
}
