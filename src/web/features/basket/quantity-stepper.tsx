import { MinusIcon, PlusIcon } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'

/** Minus, the quantity, plus: a decrease at 1 removes the item (docs/product.md#basket). */
export function QuantityStepper({
  quantity,
  itemName,
  onChange,
  className,
}: {
  quantity: number
  itemName: string
  onChange: (quantity: number) => void
  className?: string
}) {
  const control =
    'flex size-8 items-center justify-center rounded-full bg-white text-forest shadow-sm transition-colors hover:bg-accent'
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <button
        type="button"
        className={control}
        onClick={() => onChange(quantity - 1)}
        aria-label={`One fewer ${itemName}`}
      >
        <MinusIcon className="size-4" aria-hidden />
      </button>
      <span className="min-w-6 text-center font-semibold tabular-nums" aria-live="polite">
        {quantity}
      </span>
      <button
        type="button"
        className={control}
        onClick={() => onChange(quantity + 1)}
        aria-label={`One more ${itemName}`}
      >
        <PlusIcon className="size-4" aria-hidden />
      </button>
    </div>
  )
}
