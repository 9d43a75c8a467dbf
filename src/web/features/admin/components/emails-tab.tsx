import { useQuery } from '@tanstack/react-query'
import { DownloadIcon, MailIcon, RefreshCwIcon } from 'lucide-react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import type { EmailEntry, UnservedZip } from '#shared/schemas/admin.ts'
import { Button } from '#web/components/ui/button.tsx'
import { EMAILS_CSV_PATH, adminInboxQueries } from '../api/admin-inbox.ts'
import { AdminCount, AdminLoadError, AdminLoading } from '#web/components/admin/list-states.tsx'

const joinedFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/**
 * The Emails tab (docs/product.md#admin): both mailing lists with their counts (the waitlist
 * with the ZIP each visitor gave), Refresh and Download CSV, and the ZIPs we do not deliver to
 * by number of waitlist sign-ups (docs/product.md#demand).
 */
export function EmailsTab() {
  const emails = useQuery(adminInboxQueries.emails())

  if (emails.isPending) return <AdminLoading text="Loading e-mails..." />
  if (emails.isError) {
    return (
      <AdminLoadError
        text="We couldn't load the mailing lists just now."
        onRetry={() => void emails.refetch()}
      />
    )
  }
  const { newsletter, waitlist, totalCount, outsideServiceArea } = emails.data
  return (
    <section aria-labelledby="admin-emails-title" className="flex flex-col gap-4">
      <h2 id="admin-emails-title" className="sr-only">
        Emails
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid grid-cols-3 gap-3">
          <AdminCount value={totalCount} label="Total" />
          <AdminCount value={newsletter.length} label="Newsletter" />
          <AdminCount value={waitlist.length} label="Waitlist" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void emails.refetch()}
            disabled={emails.isFetching}
          >
            <RefreshCwIcon aria-hidden className={emails.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
          <Button asChild>
            <a href={EMAILS_CSV_PATH} download>
              <DownloadIcon aria-hidden />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <EmailList title="Newsletter" entries={newsletter} />
        <EmailList title="Waitlist" entries={waitlist} />
      </div>
      <UnservedZips zips={outsideServiceArea} />
    </section>
  )
}

/** Where people want us and we do not deliver yet: the waitlist's ZIPs outside the area. */
function UnservedZips({ zips }: { zips: readonly UnservedZip[] }) {
  return (
    <section
      aria-labelledby="admin-unserved-zips"
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card"
    >
      <div className="border-b border-border px-4 py-3">
        <h3 id="admin-unserved-zips" className="font-sans text-base font-semibold">
          Demand where we do not deliver
        </h3>
        <p className="text-sm text-muted-foreground">
          ZIP codes outside the service area that visitors gave when joining the waitlist, most
          sign-ups first.
        </p>
      </div>
      {zips.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">
          No waitlist sign-ups from outside the service area yet.
        </p>
      ) : (
        <div
          className="max-h-80 overflow-y-auto"
          tabIndex={0}
          role="region"
          aria-label="ZIP codes outside the service area"
        >
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-card text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  ZIP code
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Sign-ups
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {zips.map((zip) => (
                <tr key={zip.zipCode}>
                  <td className="px-4 py-2 font-mono">{zip.zipCode}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{zip.signUps}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function EmailList({
  title,
  entries,
}: {
  title: string
  entries: readonly (EmailEntry & { zipCode?: string | null })[]
}) {
  return (
    <section
      aria-label={`${title} e-mails`}
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card"
    >
      <h3 className="flex items-center justify-between border-b border-border px-4 py-3 font-sans text-base font-semibold">
        {title}
        <span className="text-sm font-normal text-muted-foreground">{entries.length}</span>
      </h3>
      {entries.length === 0 ? (
        <p className="flex h-80 flex-col items-center justify-center gap-2 px-4 text-center text-sm text-muted-foreground">
          <MailIcon className="size-8 text-sage" aria-hidden />
          No sign-ups yet.
        </p>
      ) : (
        // a fixed height that scrolls, so a long list does not push the page
        // (docs/product.md#admin)
        <ul className="h-80 divide-y divide-border overflow-y-auto" tabIndex={0}>
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex items-baseline justify-between gap-3 px-4 py-2.5 text-sm"
            >
              <span className="min-w-0 break-all">{entry.email}</span>
              <span className="flex shrink-0 gap-2 text-xs text-muted-foreground">
                {entry.zipCode ? (
                  <span className="font-mono" aria-label={`ZIP ${entry.zipCode}`}>
                    {entry.zipCode}
                  </span>
                ) : null}
                {joinedFormat.format(new Date(entry.created_at))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
