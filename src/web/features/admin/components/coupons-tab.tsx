import { useQuery } from '@tanstack/react-query'
import { PlusIcon, TicketPercentIcon } from 'lucide-react'
import { useState } from 'react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { AdminCoupon } from '#shared/schemas/coupon.ts'
import { StatusBadge } from '#web/components/admin/data-table.tsx'
import { QueryStates } from '#web/components/admin/list-states.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { cn } from '#web/lib/cn.ts'
import { adminCouponQueries, useUpdateCoupon } from '../api/admin-coupons.ts'
import { CouponDialog } from './coupon-dialog.tsx'

const dayFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

const discountText = (coupon: AdminCoupon) =>
  coupon.percentOff !== null
    ? `${coupon.percentOff}% off`
    : `${formatDecimalPrice(coupon.amountOff ?? '0')} off`

function windowText(coupon: AdminCoupon) {
  const starts = coupon.startsAt ? dayFormat.format(new Date(coupon.startsAt)) : null
  // endsAt is the first moment the coupon no longer works: show the last day it does
  const ends = coupon.endsAt ? dayFormat.format(new Date(Date.parse(coupon.endsAt) - 1)) : null
  if (starts && ends) return `${starts} – ${ends}`
  if (starts) return `From ${starts}`
  if (ends) return `Until ${ends}`
  return 'Always'
}

/** The Coupons tab: every code with its use, a new-coupon dialog, and activate/deactivate. */
export function CouponsTab() {
  const coupons = useQuery(adminCouponQueries.list())
  const [creating, setCreating] = useState(false)

  return (
    <section aria-labelledby="admin-coupons-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="admin-coupons-title" className="text-2xl font-semibold text-forest">
            Coupons
          </h2>
          <p className="text-sm text-muted-foreground">
            Codes customers enter in the basket. Deactivate a code to stop it; its history stays.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          New Coupon
        </Button>
      </div>
      <QueryStates
        query={coupons}
        loading="Loading coupons..."
        failed={{ text: "We couldn't load the coupons just now." }}
        empty={{
          when: (list) => list.length === 0,
          icon: TicketPercentIcon,
          title: 'No coupons yet',
          text: 'Create a code for a promotion, a newsletter or a first order.',
        }}
      >
        {(list) => (
          <ul aria-label="Coupons" className="grid gap-3 md:grid-cols-2">
            {list.map((coupon) => (
              <li key={coupon.id}>
                <CouponCard coupon={coupon} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {creating ? <CouponDialog onClose={() => setCreating(false)} /> : null}
    </section>
  )
}

function CouponCard({ coupon }: { coupon: AdminCoupon }) {
  const update = useUpdateCoupon()
  const toggle = () =>
    update.mutate(
      { id: coupon.id, changes: { active: !coupon.active } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.active ? 'Coupon activated' : 'Coupon deactivated',
            description: saved.active
              ? `${saved.code} can be used again.`
              : `${saved.code} can no longer be used.`,
          }),
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: 'Failed to update the coupon.',
          }),
      },
    )
  const limit = coupon.maxRedemptions
  return (
    <article
      aria-label={coupon.code}
      className={cn(
        'flex h-full flex-col gap-3 rounded-2xl border border-border p-4',
        coupon.active ? 'bg-card' : 'bg-muted/50',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-mono text-lg font-semibold tracking-wide break-all">{coupon.code}</h3>
          <p className="font-semibold text-forest">{discountText(coupon)}</p>
        </div>
        <StatusBadge tone={coupon.active ? 'good' : 'off'}>
          {coupon.active ? 'Active' : 'Inactive'}
        </StatusBadge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Valid</dt>
        <dd>{windowText(coupon)}</dd>
        <dt className="text-muted-foreground">Minimum</dt>
        <dd>
          {coupon.minSubtotal ? `${formatDecimalPrice(coupon.minSubtotal)} subtotal` : 'None'}
        </dd>
        <dt className="text-muted-foreground">Redeemed</dt>
        <dd className="tabular-nums">
          {coupon.timesRedeemed}
          {limit === null ? ' (no limit)' : ` of ${limit}`}
        </dd>
      </dl>
      <Button
        variant={coupon.active ? 'outline' : 'secondary'}
        size="sm"
        className="mt-auto self-start"
        disabled={update.isPending}
        onClick={toggle}
      >
        {coupon.active ? 'Deactivate' : 'Activate'}
      </Button>
    </article>
  )
}
