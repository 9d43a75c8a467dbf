import { ChevronDownIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A browser <select> with the look of SelectTrigger: it works in a GET form before and without
 * JavaScript (docs/product.md#without-javascript), and a phone shows its own picker.
 */
export function NativeSelect({
  className,
  wrapperClassName,
  touch = false,
  ...props
}: ComponentProps<'select'> & {
  wrapperClassName?: string
  /** 44 px high on a phone, for a thumb; the usual height from sm up */
  touch?: boolean
}) {
  return (
    <div className={cn('relative w-full', wrapperClassName)}>
      <select
        data-slot="native-select"
        className={cn(
          'w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-sm shadow-xs disabled:cursor-not-allowed disabled:opacity-50',
          touch ? 'h-11 sm:h-10' : 'h-10',
          className,
        )}
        {...props}
      />
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
        aria-hidden
      />
    </div>
  )
}
