import { useId } from 'react'
import { MAX_LINE_QUANTITY } from '#shared/domain/pricing.ts'
import { cn } from '#web/lib/cn.ts'

const QUANTITIES = Array.from({ length: MAX_LINE_QUANTITY }, (_, index) => index + 1)

/**
 * How many to add, 1 to 20, or to what is left of a limited product (docs/product.md#the-product-page):
 * the browser's own list, so it works with the keyboard and a phone shows its own picker.
 */
export function QuantitySelect({
  quantity,
  onChange,
  disabled,
  most = MAX_LINE_QUANTITY,
  className,
}: {
  quantity: number
  onChange: (quantity: number) => void
  disabled?: boolean
  /** the largest quantity offered */
  most?: number
  className?: string
}) {
  const id = useId()
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        Quantity
      </label>
      <select
        id={id}
        value={quantity}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-10 cursor-pointer rounded-md border border-input bg-card px-3 text-base tabular-nums disabled:cursor-not-allowed disabled:opacity-50"
      >
        {QUANTITIES.slice(0, Math.max(1, most)).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </div>
  )
}
