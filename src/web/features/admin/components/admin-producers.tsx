import { useQuery } from '@tanstack/react-query'
import { PencilIcon, PlusIcon, Trash2Icon, TractorIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import type { AdminProducer } from '#shared/schemas/producer.ts'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ProductImage } from '#web/components/product-image.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { adminProducerQueries, useDeleteProducer } from '../api/admin-producers.ts'
import { AdminEmpty, AdminLoadError, AdminLoading } from './admin-states.tsx'
import { ProducerDialog } from './producer-dialog.tsx'

const countText = (producers: readonly AdminProducer[]) => {
  const inactive = producers.filter((producer) => !producer.active).length
  const total = `${producers.length} ${producers.length === 1 ? 'producer' : 'producers'}`
  return inactive > 0 ? `${total}, ${inactive} inactive` : total
}

/**
 * /admin/producers (docs/product.md#admin): the producers behind the products, with their
 * pages, logos and harvest e-mails; add, edit, switch off and delete.
 */
export function AdminProducers() {
  const producers = useQuery(adminProducerQueries.list())
  const [editing, setEditing] = useState<AdminProducer | 'new' | null>(null)
  const [deleting, setDeleting] = useState<AdminProducer | null>(null)

  return (
    <>
      <div className="flex flex-col gap-4 py-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold tracking-wide text-forest uppercase">
            <Link to="/admin" className="underline-offset-4 hover:underline">
              Admin
            </Link>
          </p>
          <h1 className="text-3xl font-semibold text-forest sm:text-4xl">Producers</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {producers.data ? countText(producers.data) : '\u00a0'}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg" variant="outline">
            <Link to="/admin/products">Products</Link>
          </Button>
          <Button size="lg" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden />
            New Producer
          </Button>
        </div>
      </div>

      {producers.isPending ? (
        <AdminLoading text="Loading producers..." />
      ) : producers.isError ? (
        <AdminLoadError
          title="Error Loading Producers"
          text="Failed to load producers. Please refresh the page to try again."
          onRetry={() => void producers.refetch()}
        />
      ) : producers.data.length === 0 ? (
        <AdminEmpty
          icon={TractorIcon}
          title="No producers yet"
          text="Add the first producer; products then name it as their farm."
        />
      ) : (
        <ProducerTable
          producers={producers.data}
          onEdit={setEditing}
          onDelete={setDeleting}
          busy={producers.isFetching}
        />
      )}

      {editing ? (
        <ProducerDialog
          producer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteProducerDialog producer={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

function ProducerTable({
  producers,
  onEdit,
  onDelete,
  busy,
}: {
  producers: readonly AdminProducer[]
  onEdit: (producer: AdminProducer) => void
  onDelete: (producer: AdminProducer) => void
  busy: boolean
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card" aria-busy={busy}>
      <table className="w-full text-sm">
        <caption className="sr-only">Producers</caption>
        <thead className="hidden bg-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase lg:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Producer
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Location
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Harvest e-mail
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">
              Products
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        {/* below lg each row is a card: the cells wrap under the name */}
        <tbody className="divide-y divide-border">
          {producers.map((producer) => (
            <tr
              key={producer.id}
              className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 lg:table-row lg:p-0"
            >
              <th
                scope="row"
                className="col-start-1 row-start-1 text-left font-normal lg:table-cell lg:px-4 lg:py-3"
              >
                <span className="flex items-center gap-3">
                  <ProductImage
                    src={producer.imageUrl}
                    alt=""
                    size="size-12"
                    fit="contain"
                    className="shrink-0 rounded-lg bg-white"
                  />
                  <span className="flex min-w-0 flex-col items-start">
                    <span className="font-semibold">{producer.name}</span>
                    {producer.active ? (
                      <Link
                        to={paths.producer(producer.slug)}
                        className="text-xs break-all text-primary underline-offset-4 hover:underline"
                        // the name begins with the words shown (label in name)
                        aria-label={`/producer/${producer.slug}, ${producer.name}'s page`}
                      >
                        /producer/{producer.slug}
                      </Link>
                    ) : (
                      <span className="text-xs break-all text-muted-foreground">
                        /producer/{producer.slug}
                      </span>
                    )}
                  </span>
                </span>
              </th>
              <td className="col-span-2 text-muted-foreground lg:table-cell lg:px-3 lg:py-3 lg:text-foreground">
                {producer.location}
              </td>
              <td
                className={cn(
                  'col-span-2 text-muted-foreground [overflow-wrap:anywhere] lg:table-cell lg:px-3 lg:py-3 lg:text-foreground',
                  producer.email ? '' : 'hidden',
                )}
              >
                {producer.email ?? (
                  <span className="text-muted-foreground">
                    <span aria-hidden>—</span>
                    <span className="sr-only">No harvest e-mail</span>
                  </span>
                )}
              </td>
              <td className="col-span-2 text-muted-foreground tabular-nums lg:table-cell lg:px-3 lg:py-3 lg:text-right lg:text-foreground">
                {producer.productCount}
                <span className="lg:sr-only">
                  {producer.productCount === 1 ? ' product' : ' products'}
                </span>
              </td>
              <td className="col-span-2 lg:table-cell lg:px-3 lg:py-3">
                <span
                  className={cn(
                    'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
                    producer.active
                      ? 'bg-accent text-accent-foreground'
                      : 'bg-muted text-muted-foreground',
                  )}
                >
                  {producer.active ? 'Active' : 'Inactive'}
                </span>
              </td>
              <td className="col-start-2 row-start-1 flex items-start justify-end gap-1 lg:table-cell lg:px-4 lg:py-3 lg:text-right lg:whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onEdit(producer)}
                  aria-label={`Edit ${producer.name}`}
                >
                  <PencilIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost-tomato"
                  size="icon"
                  onClick={() => onDelete(producer)}
                  aria-label={`Delete ${producer.name}`}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * Asks before deleting. A producer that still has products is kept by the server (409); its
 * answer, which says how many and what to do, stays in the dialog.
 */
function DeleteProducerDialog({
  producer,
  onClose,
}: {
  producer: AdminProducer | null
  onClose: () => void
}) {
  const remove = useDeleteProducer()
  const [refusal, setRefusal] = useState<string | null>(null)
  const close = () => {
    setRefusal(null)
    remove.reset()
    onClose()
  }
  return (
    <ConfirmDialog
      open={producer !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Delete producer"
      description={
        producer
          ? `Are you sure you want to delete "${producer.name}"? This action cannot be undone.`
          : ''
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() => {
        if (!producer) return
        remove.mutate(producer.id, {
          onSuccess: () => {
            close()
            toast({
              title: 'Producer deleted',
              description: `${producer.name} was removed from the shop.`,
            })
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
              setRefusal(error.serverMessage)
              toast({
                variant: 'destructive',
                title: 'Producer not deleted',
                description: error.serverMessage,
              })
              return
            }
            close()
            toast({
              variant: 'destructive',
              title: 'Error',
              description: 'Failed to delete producer. Please try again.',
            })
          },
        })
      }}
    >
      {refusal ? (
        <p role="alert" className="rounded-lg bg-tomato/10 px-4 py-3 text-sm text-tomato">
          {refusal}
        </p>
      ) : null}
    </ConfirmDialog>
  )
}
