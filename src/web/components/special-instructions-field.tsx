import type { ComponentProps } from 'react'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'

/** what the server keeps at most (docs/product.md#order-changes) */
export const SPECIAL_INSTRUCTIONS_MAX = 500

/**
 * Delivery instructions (a gate code, where to leave the box), at checkout and on an order's
 * change form: a text box of at most 500 characters with a counter under it.
 */
export function SpecialInstructionsField({
  controlId,
  value,
  error,
  label = 'Delivery instructions',
  className,
  ...textarea
}: {
  controlId: string
  value: string
  error?: string | undefined
  label?: string
  className?: string
} & Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'maxLength' | 'className'>) {
  const used = value.length
  return (
    <FormField
      controlId={controlId}
      label={label}
      optional
      error={error}
      className={className}
      hint={
        <span className="flex justify-between gap-3">
          <span>A gate code, or where to leave the box if you&apos;re out.</span>
          <span className="shrink-0 tabular-nums">
            {used}/{SPECIAL_INSTRUCTIONS_MAX}
          </span>
        </span>
      }
    >
      <Textarea
        id={controlId}
        value={value}
        maxLength={SPECIAL_INSTRUCTIONS_MAX}
        rows={3}
        minHeight="min-h-24"
        {...fieldErrorProps(controlId, error, true)}
        {...textarea}
      />
    </FormField>
  )
}
