import type { ComponentProps } from 'react'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'

export type Option = { value: string; label: string }

/** A Radix select of `options`; the trigger takes the label, id and aria wiring it is given. */
export function OptionSelect({
  options,
  value,
  onValueChange,
  disabled,
  placeholder,
  ...trigger
}: {
  options: readonly Option[]
  value: string | undefined
  onValueChange: (value: string) => void
  disabled?: boolean
  placeholder?: string
} & Omit<ComponentProps<typeof SelectTrigger>, 'children' | 'value'>) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
