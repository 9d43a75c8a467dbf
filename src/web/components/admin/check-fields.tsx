import type { ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { fieldErrorId, fieldHintId } from '#web/components/ui/form-field.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { cn } from '#web/lib/cn.ts'
import { Bound, type BoundField, type Framed } from './form-fields.tsx'
import type { Option } from './option-select.tsx'

// the admin's checkbox fields, bound to react-hook-form as the fields in form-fields.tsx are

/** A checkbox and its words, with a standing hint under them when it has one. */
export function CheckboxField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  hint,
  className,
}: BoundField<TValues, TOutput> & Omit<Framed, 'optional'>) {
  return (
    <Bound
      control={control}
      name={name}
      hasHint={hint !== undefined}
      render={({ id, field }) => {
        const box = (
          <span className="flex items-center gap-2">
            <Checkbox
              id={id}
              ref={field.ref}
              checked={field.value === true}
              aria-describedby={hint ? fieldHintId(id) : undefined}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor={id}>{label}</Label>
          </span>
        )
        if (!hint) return box
        return (
          <div className={cn('flex flex-col gap-1', className)}>
            {box}
            <p id={fieldHintId(id)} className="text-sm text-muted-foreground">
              {hint}
            </p>
          </div>
        )
      }}
    />
  )
}

/** The heading of a group of fields. */
export function FieldLegend({
  children,
  optional = false,
}: {
  children: ReactNode
  optional?: boolean
}) {
  return (
    <legend className="mb-2 text-sm font-medium">
      {children}
      {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
    </legend>
  )
}

/**
 * A list field chosen with checkboxes (a product's tags, a producer's delivery days), its
 * options in groups, each group with an optional title.
 */
export function ChecksField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  optional,
  className,
  groups,
  groupClassName,
}: BoundField<TValues, TOutput> &
  Omit<Framed, 'hint'> & {
    groups: readonly {
      id: string
      title?: string
      options: readonly Option[]
    }[]
    groupClassName: string
  }) {
  return (
    <Bound
      control={control}
      name={name}
      hasHint={false}
      render={({ id, field, error }) => {
        const chosen = (field.value as string[] | null | undefined) ?? []
        return (
          <fieldset className={className} aria-describedby={error ? fieldErrorId(id) : undefined}>
            <FieldLegend optional={optional}>{label}</FieldLegend>
            {groups.map((group) => (
              <div key={group.id} className={groupClassName}>
                {group.title ? (
                  <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    {group.title}
                  </p>
                ) : null}
                {group.options.map((option) => (
                  <span key={option.value} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-${option.value}`}
                      checked={chosen.includes(option.value)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true
                            ? [...chosen, option.value]
                            : chosen.filter((value) => value !== option.value),
                        )
                      }
                    />
                    <Label htmlFor={`${id}-${option.value}`}>{option.label}</Label>
                  </span>
                ))}
              </div>
            ))}
            {error ? (
              <p id={fieldErrorId(id)} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </fieldset>
        )
      }}
    />
  )
}
