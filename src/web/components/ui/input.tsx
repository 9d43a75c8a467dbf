import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** The colours of the border, background, placeholder and invalid ring. */
const INPUT_TONES = {
  default:
    'border-input bg-card placeholder:text-muted-foreground aria-invalid:border-destructive aria-invalid:ring-destructive/20',
  /** a read-only value (the delivery state, always TX) */
  muted:
    'border-input bg-muted placeholder:text-muted-foreground aria-invalid:border-destructive aria-invalid:ring-destructive/20',
  /** on the dark forest background (the footer's sign-up) */
  dark: 'border-white/30 bg-white/10 text-white placeholder:text-cream/70 aria-invalid:border-red-200 aria-invalid:ring-red-200/30',
} as const

export function Input({
  className,
  type = 'text',
  tone = 'default',
  inputSize = 'default',
  ...props
}: ComponentProps<'input'> & {
  tone?: keyof typeof INPUT_TONES
  /** `lg`: the height of a large button beside it (the ZIP check) */
  inputSize?: 'default' | 'lg'
}) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex w-full min-w-0 rounded-md border px-3 py-2 text-base shadow-xs transition-colors disabled:cursor-not-allowed disabled:opacity-50 md:text-sm aria-invalid:ring-2',
        inputSize === 'lg' ? 'h-11' : 'h-10',
        INPUT_TONES[tone],
        className,
      )}
      {...props}
    />
  )
}
