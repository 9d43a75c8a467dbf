import { DownloadIcon, MailIcon, PrinterIcon, SproutIcon } from 'lucide-react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import type { Harvest, HarvestProducer } from '#shared/schemas/week.ts'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { harvestCsvUrl, useSendHarvest } from '../api/admin-week.ts'
import { AdminEmpty } from '#web/components/admin/list-states.tsx'
import { WeekLinesTable } from './week-lines-table.tsx'

const sentFormat = businessDateTimeFormat({
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
})

/**
 * The harvest lists (docs/product.md#the-week): per producer, what to bring and how many, with
 * the CSV, print (one producer per page) and Send/Resend by e-mail.
 */
export function HarvestLists({
  harvest,
  dayLabel,
  onPrint,
}: {
  harvest: Harvest
  dayLabel: string
  onPrint: () => void
}) {
  return (
    <section aria-labelledby="harvest-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="flex flex-col gap-1">
          <h2 id="harvest-title" className="text-xl font-semibold text-forest">
            Harvest lists
          </h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            What each producer brings for the day. At the cut-off each producer with an e-mail
            address gets its list once; Send sends it again.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onPrint} disabled={harvest.producers.length === 0}>
            <PrinterIcon aria-hidden />
            Print harvest lists
          </Button>
          <Button variant="outline" asChild>
            <a href={harvestCsvUrl(harvest.saturday)} download>
              <DownloadIcon aria-hidden />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      {harvest.producers.length === 0 ? (
        <AdminEmpty
          icon={SproutIcon}
          title="Nothing to harvest"
          text="No orders for this Saturday yet."
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 print:block">
          {harvest.producers.map((producer) => (
            <ProducerHarvest
              key={producer.slug || producer.name}
              producer={producer}
              saturday={harvest.saturday}
              provisional={harvest.provisional}
              dayLabel={dayLabel}
            />
          ))}
        </div>
      )}
    </section>
  )
}

function ProducerHarvest({
  producer,
  saturday,
  provisional,
  dayLabel,
}: {
  producer: HarvestProducer
  saturday: string
  provisional: boolean
  dayLabel: string
}) {
  const send = useSendHarvest(saturday)
  const titleId = `harvest-${producer.slug || producer.name}`
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-border bg-card p-5',
        'print:break-after-page print:rounded-none print:border-0 print:p-0',
      )}
    >
      <header className="flex flex-col gap-1">
        <p className="hidden text-sm text-muted-foreground print:block">
          Harvest list · {dayLabel}
          {provisional ? ' · provisional' : ''}
        </p>
        <h3 id={titleId} className="text-lg font-semibold text-forest">
          {producer.name}
        </h3>
        <p className="text-sm text-muted-foreground">
          {producer.email ?? 'No e-mail address'}
          {producer.lastSentAt ? (
            <span className="print:hidden">
              {' '}
              · last sent {sentFormat.format(new Date(producer.lastSentAt))}
            </span>
          ) : null}
        </p>
      </header>
      <WeekLinesTable lines={producer.lines} caption={`What ${producer.name} brings`} />
      {producer.email && producer.slug ? (
        <div className="print:hidden">
          <Button
            variant="outline"
            size="sm"
            disabled={send.isPending}
            onClick={() =>
              send.mutate(producer.slug, {
                onSuccess: (sent) =>
                  toast({ title: 'Harvest list sent', description: sent.message }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Not sent',
                    description: errorMessage(error, 'The harvest list could not be sent.'),
                  }),
              })
            }
          >
            <MailIcon aria-hidden />
            {producer.lastSentAt ? 'Resend' : 'Send'} to {producer.name}
          </Button>
        </div>
      ) : null}
    </article>
  )
}
