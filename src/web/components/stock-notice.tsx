import { nextDeliveryDate } from '#shared/domain/delivery.ts'
import { stockNoticeKind, WEEKLY_STOCK_MESSAGES } from '#shared/domain/weekly-stock.ts'
import { cn } from '#web/lib/cn.ts'
import { useNow } from '#web/lib/use-now.ts'

/**
 * What a product card or page says of a limited product's week (docs/product.md#weekly-quantities):
 * "3 left this week" under ten, "Sold out for Saturday, Nov 28" at none; nothing otherwise.
 * `only` keeps one of the two (a card says "Sold out" where its ADD would be).
 */
export function StockNotice({
  leftThisWeek,
  only,
  className,
}: {
  leftThisWeek: number | null
  only?: 'few-left' | 'sold-out'
  className?: string
}) {
  const kind = stockNoticeKind(leftThisWeek)
  if (!kind || (only && only !== kind)) return null
  if (kind === 'sold-out') return <SoldOutNotice className={className} />
  return <FewLeftNotice left={leftThisWeek ?? 0} className={className} />
}

/**
 * What is left is of the Saturday orders go to now, and moves with every sale: a server-rendered
 * page that shows it is kept a minute at most, as one that shows the time (useNow)
 */
function FewLeftNotice({ left, className }: { left: number; className?: string | undefined }) {
  useNow()
  return (
    <p className={cn('text-xs font-semibold text-tomato', className)}>
      {WEEKLY_STOCK_MESSAGES.fewLeft(left)}
    </p>
  )
}

function SoldOutNotice({ className }: { className?: string | undefined }) {
  const now = useNow()
  return (
    <p className={cn('font-semibold text-muted-foreground', className)}>
      {WEEKLY_STOCK_MESSAGES.soldOut(nextDeliveryDate(now))}
    </p>
  )
}
