import { useQuery } from '@tanstack/react-query'
import { MailCheckIcon, RefreshCwIcon, RotateCwIcon } from 'lucide-react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { OutboxEmail } from '#shared/schemas/order-changes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { adminOutboxQueries, useRetryEmail } from '../api/admin-outbox.ts'
import { AdminEmpty, AdminLoadError, AdminLoading } from '#web/components/admin/list-states.tsx'

const whenFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/**
 * "E-mails that failed" (docs/product.md#order-emails): the e-mails to customers the mail
 * server kept refusing through every retry, each with Retry.
 */
export function FailedEmailsSection() {
  const failed = useQuery(adminOutboxQueries.failed())

  return (
    <section aria-labelledby="admin-failed-emails-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="admin-failed-emails-title" className="text-2xl font-semibold text-forest">
            E-mails that failed
          </h2>
          <p className="text-sm text-muted-foreground">
            Order e-mails the mail server refused through 10 tries over about 3 hours. Retry sends
            one again.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => void failed.refetch()}
          disabled={failed.isFetching}
        >
          <RefreshCwIcon aria-hidden className={failed.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      {failed.isPending ? (
        <AdminLoading text="Loading failed e-mails..." />
      ) : failed.isError ? (
        <AdminLoadError
          text="We couldn't load the failed e-mails just now."
          onRetry={() => void failed.refetch()}
        />
      ) : failed.data.emails.length === 0 ? (
        <AdminEmpty
          icon={MailCheckIcon}
          title="No failed e-mails"
          text="Every e-mail to customers went out."
        />
      ) : (
        <ul
          aria-label="E-mails that failed"
          className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-card"
        >
          {failed.data.emails.map((email) => (
            <li key={email.id}>
              <FailedEmail email={email} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function FailedEmail({ email }: { email: OutboxEmail }) {
  const retry = useRetryEmail()
  const send = () =>
    retry.mutate(email.id, {
      onSuccess: () =>
        toast({ title: 'E-mail queued again', description: `To ${email.recipient}.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Retry Failed',
          description: errorMessage(error, 'Failed to queue the e-mail again.'),
        }),
    })
  return (
    <article
      aria-label={email.subject}
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:px-5"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold break-words">{email.subject}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all">{email.recipient}</dd>
          {email.orderId ? (
            <>
              <dt className="text-muted-foreground">Order</dt>
              <dd>{orderNumber(email.orderId)}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Queued</dt>
          <dd>{whenFormat.format(new Date(email.createdAt))}</dd>
          <dt className="text-muted-foreground">Attempts</dt>
          <dd className="tabular-nums">{email.attempts}</dd>
          <dt className="text-muted-foreground">Last error</dt>
          <dd className="break-words text-destructive">{email.lastError ?? 'None recorded'}</dd>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={retry.isPending}
        onClick={send}
      >
        <RotateCwIcon aria-hidden />
        Retry
      </Button>
    </article>
  )
}
