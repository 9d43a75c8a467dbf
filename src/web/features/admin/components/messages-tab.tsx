import { useQuery } from '@tanstack/react-query'
import { InboxIcon, MailIcon, PhoneIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { CONTACT_SUBJECTS } from '#shared/domain/contact-subjects.ts'
import type { ContactMessage } from '#shared/schemas/contact.ts'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { adminInboxQueries, useDeleteMessage } from '../api/admin-inbox.ts'
import {
  AdminCount,
  AdminEmpty,
  AdminLoadError,
  AdminLoading,
} from '#web/components/admin/list-states.tsx'

const receivedFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
const formatReceived = (iso: string) => receivedFormat.format(new Date(iso))

const subjectLabel = (value: string) =>
  CONTACT_SUBJECTS.find((subject) => subject.value === value)?.label ?? value

/**
 * The Messages tab (docs/product.md#admin): every contact message, newest first, to read and
 * delete.
 */
export function MessagesTab() {
  const messages = useQuery(adminInboxQueries.messages())
  const [reading, setReading] = useState<ContactMessage | null>(null)

  if (messages.isPending) return <AdminLoading text="Loading messages..." />
  if (messages.isError) {
    return (
      <AdminLoadError
        text="We couldn't load the messages just now."
        onRetry={() => void messages.refetch()}
      />
    )
  }
  const { contactMessages, totalCount } = messages.data
  return (
    <section aria-labelledby="admin-messages-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="admin-messages-title" className="sr-only">
          Messages
        </h2>
        <AdminCount value={totalCount} label={totalCount === 1 ? 'message' : 'messages'} />
        <Button
          variant="outline"
          onClick={() => void messages.refetch()}
          disabled={messages.isFetching}
        >
          <RefreshCwIcon aria-hidden className={messages.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      {contactMessages.length === 0 ? (
        <AdminEmpty
          icon={InboxIcon}
          title="No messages yet"
          text="Messages sent from the contact page will appear here."
        />
      ) : (
        <ul
          aria-label="Contact messages"
          className="flex max-h-[36rem] flex-col divide-y divide-border overflow-y-auto rounded-2xl border border-border bg-card"
        >
          {contactMessages.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => setReading(message)}
                className="flex w-full flex-col gap-1 px-4 py-3 text-left transition-colors hover:bg-muted/60 sm:px-5"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">
                    {message.firstName} {message.lastName}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatReceived(message.createdAt)}
                  </span>
                </span>
                <span className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                  <span className="break-all">{message.email}</span>
                  {message.phone ? <span>{message.phone}</span> : null}
                </span>
                <span className="text-sm">
                  <span className="font-medium">{subjectLabel(message.subject)}: </span>
                  <span className="line-clamp-2 text-muted-foreground">{message.message}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <MessageDialog message={reading} onClose={() => setReading(null)} />
    </section>
  )
}

function MessageDialog({
  message,
  onClose,
}: {
  message: ContactMessage | null
  onClose: () => void
}) {
  const remove = useDeleteMessage()
  const [confirming, setConfirming] = useState(false)
  if (!message) return null

  const deleteMessage = () =>
    remove.mutate(message.id, {
      onSuccess: () => {
        setConfirming(false)
        onClose()
        toast({ title: 'Message deleted' })
      },
      onError: () => {
        setConfirming(false)
        toast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: 'Failed to delete message.',
        })
      },
    })

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-xl">
        <DialogHeader>
          <DialogTitle>{subjectLabel(message.subject)}</DialogTitle>
          <DialogDescription>
            From {message.firstName} {message.lastName}, {formatReceived(message.createdAt)}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1 text-sm">
          <a
            href={`mailto:${message.email}`}
            className="inline-flex items-center gap-2 break-all text-primary underline-offset-4 hover:underline"
          >
            <MailIcon className="size-4 shrink-0" aria-hidden />
            {message.email}
          </a>
          {message.phone ? (
            <a
              href={`tel:${message.phone}`}
              className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
            >
              <PhoneIcon className="size-4 shrink-0" aria-hidden />
              {message.phone}
            </a>
          ) : null}
        </div>
        <p className="rounded-lg bg-muted px-4 py-3 text-sm whitespace-pre-wrap">
          {message.message}
        </p>
        <DialogFooter>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
          <Button asChild>
            <a
              href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${subjectLabel(message.subject)}`)}`}
            >
              <MailIcon aria-hidden />
              Reply
            </a>
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete message"
          description="Are you sure you want to delete this message? This action cannot be undone."
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={deleteMessage}
        />
      </DialogContent>
    </Dialog>
  )
}
