import { useQuery } from '@tanstack/react-query'
import { PackageIcon, XIcon } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from '#web/lib/router.tsx'
import { CalendarDaySchema } from '#shared/schemas/dates.ts'
import { ADMIN_ORDERS_DEFAULT_PAGE_SIZE } from '#shared/schemas/order.ts'
import {
  DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_STATES,
  PAYMENT_STATE_LABELS,
} from '#shared/schemas/order-status.ts'
import { Pager } from '#web/components/admin/list-controls.tsx'
import { AdminEmpty, AdminLoadError, AdminLoading } from '#web/components/admin/list-states.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { adminOrderQueries, type AdminOrderFilters } from '../api/admin-orders.ts'
import { AdminOrderCard } from './admin-order-card.tsx'

const ANY = 'any'

/**
 * The Orders tab (docs/product.md#admin): a search (order number, name, e-mail or phone), filtered
 * by delivery day and statuses, paged by the server.
 * It opens on a delivery day given in the address (`/admin?deliveryDate=2026-11-28`, the Jobs
 * tab's link to a cut-off's orders).
 */
export function OrdersTab() {
  const [searchParams] = useSearchParams()
  const [filters, setFilters] = useState<AdminOrderFilters>(() => {
    const day = CalendarDaySchema.safeParse(searchParams.get('deliveryDate'))
    return {
      page: 1,
      pageSize: ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
      ...(day.success ? { deliveryDate: day.data } : {}),
    }
  })
  const orders = useQuery(adminOrderQueries.list(filters))
  const filtered = Boolean(
    filters.deliveryDate ||
    filters.status ||
    filters.deliveryStatus ||
    filters.paymentStatus ||
    filters.search,
  )
  const filter = useCallback(
    (change: Partial<AdminOrderFilters>) =>
      setFilters((current) => ({ ...current, ...change, page: 1 })),
    [],
  )

  return (
    <section aria-labelledby="admin-orders-title" className="flex flex-col gap-5">
      <h2 id="admin-orders-title" className="sr-only">
        Orders
      </h2>
      <OrderFilters filters={filters} onChange={filter} />
      {orders.isPending ? (
        <AdminLoading text="Loading orders..." />
      ) : orders.isError ? (
        <AdminLoadError
          text="We couldn't load the orders just now."
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.orders.length === 0 ? (
        filtered ? (
          <AdminEmpty
            icon={PackageIcon}
            title="No matching orders"
            text="No order matches this search and these filters. Try another search, day or status."
          />
        ) : (
          <AdminEmpty
            icon={PackageIcon}
            title="No orders yet"
            text="Orders will appear here once customers make purchases."
          />
        )
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Orders" aria-busy={orders.isFetching}>
            {orders.data.orders.map((order) => (
              <li key={order.id}>
                <AdminOrderCard order={order} />
              </li>
            ))}
          </ul>
          <Pager
            label="Order pages"
            noun={['order', 'orders']}
            page={orders.data.page}
            pageSize={orders.data.pageSize}
            totalCount={orders.data.totalCount}
            onPage={(page) => setFilters((current) => ({ ...current, page }))}
          />
        </>
      )}
    </section>
  )
}

function OrderFilters({
  filters,
  onChange,
}: {
  filters: AdminOrderFilters
  onChange: (change: Partial<AdminOrderFilters>) => void
}) {
  const id = useId()
  const [typed, setTyped] = useState(filters.search ?? '')
  const search = useDebouncedValue(typed.trim(), 250)
  // the search is sent once the typing settles, and only when the settled text changed: Clear
  // filters empties both at once, so a settled text from before it is never sent again
  const sent = useRef(filters.search ?? '')
  useEffect(() => {
    if (search === sent.current) return
    sent.current = search
    onChange({ search: search || undefined })
  }, [search, onChange])
  const any =
    !filters.deliveryDate &&
    !filters.status &&
    !filters.deliveryStatus &&
    !filters.paymentStatus &&
    !typed
  return (
    <div className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 sm:items-end lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-5">
        <Label htmlFor={`${id}-search`}>Find an order</Label>
        <SearchInput
          id={`${id}-search`}
          placeholder="Order number, name, e-mail or phone"
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-date`}>Delivery day</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={filters.deliveryDate ?? ''}
          onChange={(event) => onChange({ deliveryDate: event.target.value || undefined })}
        />
      </div>
      <FilterSelect
        label="Status"
        anyLabel="All statuses"
        values={ORDER_STATUSES}
        labels={ORDER_STATUS_LABELS}
        value={filters.status}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label="Delivery status"
        anyLabel="All delivery statuses"
        values={DELIVERY_STATUSES}
        labels={DELIVERY_STATUS_LABELS}
        value={filters.deliveryStatus}
        onChange={(deliveryStatus) => onChange({ deliveryStatus })}
      />
      <FilterSelect
        label="Payment"
        anyLabel="All payments"
        values={PAYMENT_STATES}
        labels={PAYMENT_STATE_LABELS}
        value={filters.paymentStatus}
        onChange={(paymentStatus) => onChange({ paymentStatus })}
      />
      <Button
        variant="ghost"
        disabled={any}
        className="sm:col-span-2 sm:justify-self-end lg:col-span-1"
        onClick={() => {
          setTyped('')
          sent.current = ''
          onChange({
            deliveryDate: undefined,
            status: undefined,
            deliveryStatus: undefined,
            paymentStatus: undefined,
            search: undefined,
          })
        }}
      >
        <XIcon aria-hidden />
        Clear filters
      </Button>
    </div>
  )
}

/** One of the list's state filters: every value by its label, or any ("All …"). */
function FilterSelect<Value extends string>({
  label,
  anyLabel,
  values,
  labels,
  value,
  onChange,
}: {
  label: string
  anyLabel: string
  values: readonly Value[]
  labels: Record<Value, string>
  value: Value | undefined
  onChange: (value: Value | undefined) => void
}) {
  const labelId = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <Label id={labelId}>{label}</Label>
      <Select
        value={value ?? ANY}
        onValueChange={(chosen) => onChange(values.find((candidate) => candidate === chosen))}
      >
        <SelectTrigger aria-labelledby={labelId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {values.map((each) => (
            <SelectItem key={each} value={each}>
              {labels[each]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
