import { useQuery } from '@tanstack/react-query'
import { TractorIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import type { AdminProducer } from '#shared/schemas/producer.ts'
import { DataTable, RowTitle, StatusBadge, type Column } from '#web/components/admin/data-table.tsx'
import { ListHeader } from '#web/components/admin/list-controls.tsx'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { adminProducerQueries, useDeleteProducer } from '../api/admin-producers.ts'
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
      <ListHeader
        title="Producers"
        count={producers.data ? countText(producers.data) : undefined}
        sibling={{ to: '/admin/products', label: 'Products' }}
        addLabel="New Producer"
        onAdd={() => setEditing('new')}
      />

      <DataTable
        title="Producers"
        query={producers}
        empty={{
          icon: TractorIcon,
          title: 'No producers yet',
          text: 'Add the first producer; products then name it as their farm.',
        }}
        columns={PRODUCER_COLUMNS}
        cardClassName="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3"
        actionsClassName="col-start-2 row-start-1 items-start"
        onEdit={setEditing}
        onDelete={setDeleting}
      />

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

/** Below lg each row is a card: the logo and name beside the actions, the rest under them. */
const PRODUCER_COLUMNS: [Column<AdminProducer>, ...Column<AdminProducer>[]] = [
  {
    id: 'producer',
    header: 'Producer',
    className: 'col-start-1 row-start-1',
    cell: (producer) => (
      <RowTitle image={producer.imageUrl} logo name={producer.name}>
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
          <span className="text-xs break-all text-muted-foreground">/producer/{producer.slug}</span>
        )}
      </RowTitle>
    ),
  },
  {
    id: 'location',
    header: 'Location',
    className: 'col-span-2 text-muted-foreground lg:text-foreground',
    cell: (producer) => producer.location,
  },
  {
    id: 'email',
    header: 'Harvest e-mail',
    // below lg a producer without one has no line for it
    className: (producer) =>
      cn(
        'col-span-2 text-muted-foreground [overflow-wrap:anywhere] lg:text-foreground',
        producer.email ? '' : 'hidden',
      ),
    cell: (producer) =>
      producer.email ?? (
        <span className="text-muted-foreground">
          <span aria-hidden>—</span>
          <span className="sr-only">No harvest e-mail</span>
        </span>
      ),
  },
  {
    id: 'products',
    header: 'Products',
    align: 'end',
    className: 'col-span-2 text-muted-foreground tabular-nums lg:text-right lg:text-foreground',
    cell: (producer) => (
      <>
        {producer.productCount}
        <span className="lg:sr-only">{producer.productCount === 1 ? ' product' : ' products'}</span>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    className: 'col-span-2',
    cell: (producer) =>
      producer.active ? (
        <StatusBadge tone="good">Active</StatusBadge>
      ) : (
        <StatusBadge tone="off">Inactive</StatusBadge>
      ),
  },
]

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
