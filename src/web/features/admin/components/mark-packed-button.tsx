import { CheckCircle2Icon, PackageCheckIcon } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import type { useMarkPacked } from '../api/admin-week.ts'

/**
 * "Mark packed" for one order, or that it is packed (docs/product.md#the-week). A page of many
 * orders shares one mutation (`markPacked`): 500 slips need not hold 500 of them.
 */
export function MarkPackedButton({
  markPacked,
  orderId,
  orderNumber,
  packedAt,
}: {
  markPacked: ReturnType<typeof useMarkPacked>
  orderId: string
  orderNumber: string
  packedAt: string | null
}) {
  if (packedAt) {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-forest">
        <CheckCircle2Icon className="size-4" aria-hidden />
        Packed
      </span>
    )
  }
  return (
    <Button
      size="sm"
      disabled={markPacked.isPending && markPacked.variables === orderId}
      aria-label={`Mark packed: order ${orderNumber}`}
      onClick={() =>
        markPacked.mutate(orderId, {
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Not marked packed',
              description: errorMessage(error, 'The order could not be marked packed.'),
            }),
        })
      }
    >
      <PackageCheckIcon aria-hidden />
      Mark packed
    </Button>
  )
}
