import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** The text size, line height and weight: one of these, never classes added on top. */
const LABEL_LOOKS = {
  default: 'text-sm leading-none font-medium',
  /** the words beside a checkbox or radio */
  option: 'text-sm leading-none font-normal',
  /** the words beside a checkbox when they may run over two lines on a phone */
  'option-long': 'text-sm leading-snug font-normal',
  /** a small caption above a field (the price filter's Min and Max) */
  caption: 'text-xs font-medium',
  /** a label that heads a group, as a legend does */
  heading: 'text-sm font-semibold',
} as const

/**
 * A form label. As Radix's Label (which it replaces: the JavaScript budget), a double click on it
 * does not select its text, unless the click is on a control inside it.
 */
export function Label({
  className,
  look = 'default',
  onMouseDown,
  ...props
}: ComponentProps<'label'> & { look?: keyof typeof LABEL_LOOKS }) {
  return (
    <label
      data-slot="label"
      className={cn(LABEL_LOOKS[look], 'select-none', className)}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}
