import { CheckIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A browser checkbox with the look of Checkbox: it is sent with its form's fields before and
 * without JavaScript (docs/product.md#without-javascript).
 */
export function NativeCheckbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('relative inline-flex size-5 shrink-0', className)}>
      <input
        type="checkbox"
        data-slot="native-checkbox"
        className="peer size-5 cursor-pointer appearance-none rounded-sm border border-input bg-card shadow-xs checked:border-primary checked:bg-primary disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <CheckIcon
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
        strokeWidth={3}
        aria-hidden
      />
    </span>
  )
}
