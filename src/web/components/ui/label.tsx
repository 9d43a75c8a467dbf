import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A form label. As Radix's Label (which it replaces: the JavaScript budget), a double click on it
 * does not select its text, unless the click is on a control inside it.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cn('text-sm leading-none font-medium select-none', className)}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}
