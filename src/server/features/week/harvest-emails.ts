import { randomUUID } from 'node:crypto'
import {
  addDaysToDay,
  chicagoDayBounds,
  chicagoDayOf,
  cutoffOfDelivery,
  readDeliverySaturday,
} from '#shared/domain/delivery.ts'
import type { HarvestProducer, HarvestSent } from '#shared/schemas/week.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { OutboxService } from '../outbox/index.ts'
import { harvestEmail, type ShortLine } from './harvest-email.tsx'
import { groupByProducer, readSaturday } from './week-lines.ts'
import type { JobRuns } from '../../jobs/job-runs.ts'
import { HARVEST_EMAIL_KIND, HARVEST_JOB, harvestDedupeKey } from './harvest-keys.ts'
import type { WeekReads } from './week-reads.ts'

const HOUR = 60 * 60_000
/** Wednesday 20:00 to Saturday 05:00 is 57 hours, 58 across a clock change. */
const CUTOFF_TO_DELIVERY_MS = 58 * HOUR

/**
 * The producers' harvest e-mails (docs/product.md#the-week): sent through the outbox by the
 * minute's tick once a Saturday's cut-off has passed, and again whenever the admin asks.
 */
export function createHarvestEmails({
  repo,
  jobRuns,
  transaction,
  outbox,
  now,
}: {
  repo: WeekReads
  jobRuns: Pick<JobRuns, 'within'>
  transaction: RunInTransaction
  outbox: Pick<OutboxService, 'enqueueWithin'>
  now: () => Date
}) {
  const producerLines = async (saturday: string) =>
    groupByProducer(await repo.productTotals(readSaturday(saturday, now()).day))

  /**
   * What was short at packing the Saturday before, by the producer's name as sold: the note on
   * that producer's next harvest list (docs/product.md#refunds).
   */
  async function shortLastWeek(saturday: string): Promise<Map<string, ShortLine[]>> {
    const rows = await repo.shortfalls(chicagoDayBounds(addDaysToDay(saturday, -7)))
    const byProducer = new Map<string, ShortLine[]>()
    for (const row of rows) {
      const key = row.farmSource.trim().toLowerCase()
      byProducer.set(key, [
        ...(byProducer.get(key) ?? []),
        { name: row.name, quantity: row.quantity },
      ])
    }
    return byProducer
  }
  const shortOf = (short: Map<string, ShortLine[]>, producerName: string) =>
    short.get(producerName.trim().toLowerCase()) ?? []

  /** Writes one producer's harvest e-mail to the outbox under the given key. */
  async function enqueueHarvest(
    saturday: string,
    provisional: boolean,
    producer: Omit<HarvestProducer, 'lastSentAt'> & { email: string },
    dedupeKey: string,
  ) {
    const shortLastWeekOf = shortOf(await shortLastWeek(saturday), producer.name)
    await transaction((tx) =>
      outbox.enqueueWithin(tx, {
        kind: HARVEST_EMAIL_KIND,
        dedupeKey,
        orderId: null,
        message: harvestEmail(
          { ...producer, lastSentAt: null },
          { saturday, provisional, shortLastWeek: shortLastWeekOf },
        ),
      }),
    )
  }

  return {
    /** The admin's Send/Resend: a new e-mail every time it is asked. */
    async sendHarvest(text: string, producerSlug: string): Promise<HarvestSent> {
      const { saturday, provisional } = readSaturday(text, now())
      const producer = await repo.producerBySlug(producerSlug)
      if (!producer) throw new AppError('PRODUCER_NOT_FOUND')
      const email = producer.email
      if (!email) {
        throw new AppError('BAD_REQUEST', {
          message: `${producer.name} has no e-mail address. Add one on the producers page first.`,
        })
      }
      const lines = (await producerLines(saturday)).find(
        (group) => group.producerId === producer.id,
      )
      if (!lines) {
        throw new AppError('BAD_REQUEST', {
          message: `${producer.name} has nothing to harvest for ${saturday}.`,
        })
      }
      await enqueueHarvest(
        saturday,
        provisional,
        { ...lines.producer, email },
        `${harvestDedupeKey(saturday, producer.id)}:sent:${randomUUID()}`,
      )
      return { message: `Harvest list sent to ${email}`, recipient: email }
    },

    /**
     * What the minute's tick sends (after the cut-off's captures): for every Saturday whose
     * cut-off has passed and whose day has not ended, each producer with an e-mail address and
     * something to bring gets its harvest list, and the day's run is recorded in the same
     * transaction, so later ticks skip the day. The outbox's dedupe key makes a second process
     * racing this one add no second e-mail.
     */
    async tick(): Promise<void> {
      const at = now()
      const deliveries = await repo.deliveriesWithoutHarvestRun(
        new Date(at.getTime() - 24 * HOUR),
        new Date(at.getTime() + CUTOFF_TO_DELIVERY_MS),
      )
      for (const delivery of deliveries) {
        if (cutoffOfDelivery(delivery) > at) continue
        const saturday = chicagoDayOf(delivery)
        if (!readDeliverySaturday(saturday).ok) continue
        const groups = await producerLines(saturday)
        const short = await shortLastWeek(saturday)
        await transaction(async (tx) => {
          let producers = 0
          for (const { producerId, producer } of groups) {
            const email = producer.email
            if (!producerId || !email) continue
            await outbox.enqueueWithin(tx, {
              kind: HARVEST_EMAIL_KIND,
              dedupeKey: harvestDedupeKey(saturday, producerId),
              orderId: null,
              message: harvestEmail(
                { ...producer, email, lastSentAt: null },
                { saturday, provisional: false, shortLastWeek: shortOf(short, producer.name) },
              ),
            })
            producers++
          }
          await jobRuns
            .within(tx)
            .recordFinished({ job: HARVEST_JOB, runKey: saturday, at, succeeded: producers })
        })
      }
    },
  }
}

export type HarvestEmails = ReturnType<typeof createHarvestEmails>
