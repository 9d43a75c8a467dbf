import { PackageIcon, PrinterIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import type { PackingSlips } from '#shared/schemas/week.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useMarkPacked } from '../api/admin-week.ts'
import { MarkPackedButton } from './mark-packed-button.tsx'

/** The day's orders to pack, with the way to their printable slips (docs/product.md#the-week). */
export function PackingList({ slips }: { slips: PackingSlips }) {
  const markPacked = useMarkPacked(slips.saturday)
  return (
    <section aria-labelledby="packing-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="packing-title" className="text-xl font-semibold text-forest">
            Packing
          </h2>
          <p className="text-sm text-muted-foreground">
            {slips.slips.filter((slip) => slip.packedAt).length} of {slips.slips.length} orders
            packed.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={`/admin/week/${slips.saturday}/packing-slips`}>
            <PrinterIcon aria-hidden />
            Printable packing slips
          </Link>
        </Button>
      </div>
      {slips.slips.length === 0 ? (
        <p className="text-muted-foreground">No orders to pack for this Saturday.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-card">
          {slips.slips.map((slip) => (
            <li
              key={slip.orderId}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="flex flex-col">
                <span className="font-semibold">
                  {slip.orderNumber} · {slip.customerName}
                </span>
                <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <PackageIcon className="size-4" aria-hidden />
                  {slip.items.reduce((sum, item) => sum + item.quantity, 0)} items · {slip.bags}{' '}
                  {slip.bags === 1 ? 'bag' : 'bags'}
                </span>
              </div>
              <MarkPackedButton
                markPacked={markPacked}
                orderId={slip.orderId}
                orderNumber={slip.orderNumber}
                packedAt={slip.packedAt}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
