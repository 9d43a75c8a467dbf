import { cn } from '#web/lib/cn.ts'
import type { OrderStanding } from '../order-standing.ts'

const TONES: Record<OrderStanding['tone'], string> = {
  active: 'bg-accent text-accent-foreground',
  done: 'bg-muted text-muted-foreground',
  cancelled: 'bg-muted text-muted-foreground',
  problem: 'bg-destructive text-destructive-foreground',
}

/** The customer's word for where an order stands: its delivery step, Cancelled or Payment failed. */
export function OrderStandingBadge({ standing }: { standing: OrderStanding }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[standing.tone],
      )}
    >
      {standing.label}
    </span>
  )
}
