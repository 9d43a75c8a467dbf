import { useId, type ComponentProps, type ReactElement, type ReactNode } from 'react'
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { OptionSelect, type Option } from './option-select.tsx'

/**
 * The fields of the admin's forms, each bound to one react-hook-form field by its form's
 * `control` and the field's `name`: a label, the control, the field's message under it (the
 * browser's check or the server's) and an optional hint, wired with aria-invalid and
 * aria-describedby.
 */
export type BoundField<TValues extends FieldValues, TOutput> = {
  control: Control<TValues, unknown, TOutput>
  name: FieldPath<TValues>
}

export type Framed = {
  label: string
  optional?: boolean
  /** a standing explanation under the control */
  hint?: ReactNode
  /** the field's place in the form's grid, e.g. sm:col-span-2 */
  className?: string
}

/** A field's message: its own, or a list field's first item's (a line too long, an unknown day). */
export function fieldMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && typeof error.message === 'string') return error.message
  if (!Array.isArray(error)) return undefined
  for (const item of error as unknown[]) {
    const message = fieldMessage(item)
    if (message) return message
  }
  return undefined
}

export type BoundState = {
  id: string
  field: ControllerRenderProps<FieldValues, string>
  error: string | undefined
  described: ReturnType<typeof fieldErrorProps>
}

/** Draws a field from its form state: its id, value and handlers, and its message. */
export function Bound<TValues extends FieldValues, TOutput>({
  control,
  name,
  hasHint,
  render,
}: BoundField<TValues, TOutput> & {
  hasHint: boolean
  render: (state: BoundState) => ReactElement
}) {
  const id = useId()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(fieldState.error)
        return render({
          id,
          field: field as unknown as ControllerRenderProps<FieldValues, string>,
          error,
          described: fieldErrorProps(id, error, hasHint),
        })
      }}
    />
  )
}

/** A bound field in its frame: the label, the control `render` draws, its message and hint. */
function FramedField<TValues extends FieldValues, TOutput>({
  frame: { control, name, label, optional, hint, className },
  fallbackError,
  render,
}: {
  frame: BoundField<TValues, TOutput> & Framed
  fallbackError?: string | undefined
  render: (state: BoundState) => ReactElement
}) {
  return (
    <Bound
      control={control}
      name={name}
      hasHint={hint !== undefined}
      render={(state) => (
        <FormField
          controlId={state.id}
          label={label}
          optional={optional}
          error={state.error ?? fallbackError}
          hint={hint}
          className={className}
        >
          {render(state)}
        </FormField>
      )}
    />
  )
}

/** What a framed field's control is given: its id, required mark, aria wiring and handlers. */
const controlProps = ({ id, field, described }: BoundState, required = false) => ({
  id,
  'aria-required': required || undefined,
  ...described,
  name: field.name,
  ref: field.ref,
  onBlur: field.onBlur,
})

const textOf = (value: unknown) => (value as string | null | undefined) ?? ''

/** What a typed control (a text box) is given: its wiring, the field's text and its writes. */
type TypedProps = ReturnType<typeof controlProps> & {
  value: string
  onChange: (event: { target: { value: string } }) => void
}

/**
 * A framed field typed into: `read` turns the field's value into the text shown, `write` the
 * text typed into the value kept.
 */
function TypedField<TValues extends FieldValues, TOutput>({
  frame,
  required,
  read = textOf,
  write = (text) => text,
  onValueChange,
  render,
}: {
  frame: BoundField<TValues, TOutput> & Framed
  required: boolean | undefined
  read?: (value: unknown) => string
  write?: (text: string) => unknown
  onValueChange?: ((text: string) => void) | undefined
  render: (props: TypedProps) => ReactElement
}) {
  return (
    <FramedField
      frame={frame}
      render={(state) =>
        render({
          ...controlProps(state, required),
          value: read(state.field.value),
          onChange: ({ target }) => {
            state.field.onChange(write(target.value))
            onValueChange?.(target.value)
          },
        })
      }
    />
  )
}

type TextFieldProps<TValues extends FieldValues, TOutput> = BoundField<TValues, TOutput> &
  Framed &
  Pick<
    ComponentProps<typeof Input>,
    'placeholder' | 'type' | 'autoComplete' | 'inputMode' | 'autoCapitalize' | 'spellCheck'
  > & {
    /** marks the field for assistive technology; the form's schema checks it */
    required?: boolean
    inputClassName?: string
    /** after the field took a typed value (a producer's slug follows its name) */
    onValueChange?: (value: string) => void
    /** how the value kept is shown and typed, when it is not the text itself */
    kept?: { read: (value: unknown) => string; write: (text: string) => unknown }
  }

/** A one-line text field. */
export function TextField<TValues extends FieldValues, TOutput>(
  props: TextFieldProps<TValues, TOutput>,
) {
  const { placeholder, type, autoComplete, inputMode, autoCapitalize, spellCheck } = props
  const shown = { placeholder, type, autoComplete, inputMode, autoCapitalize, spellCheck }
  return (
    <TypedField
      frame={props}
      required={props.required}
      read={props.kept?.read}
      write={props.kept?.write}
      onValueChange={props.onValueChange}
      render={(typed) => <Input className={props.inputClassName} {...shown} {...typed} />}
    />
  )
}

/** An amount in dollars as typed ("12.99"); the form's schema reads it into cents. */
export function MoneyField<TValues extends FieldValues, TOutput>(
  props: TextFieldProps<TValues, TOutput>,
) {
  return <TextField inputMode="decimal" {...props} />
}

/** A whole number as typed ("100"). */
export function WholeNumberField<TValues extends FieldValues, TOutput>(
  props: TextFieldProps<TValues, TOutput>,
) {
  return <TextField inputMode="numeric" {...props} />
}

/** a count kept as a number, empty as null; other text is kept as typed for the schema to refuse */
const COUNT = {
  read: (value: unknown) =>
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '',
  write: (text: string) => {
    const typed = text.trim()
    if (typed === '') return null
    return /^\d+$/.test(typed) ? Number(typed) : text
  },
}

/** An optional count typed as digits, kept as a number (a weekly quantity); empty is none. */
export function CountField<TValues extends FieldValues, TOutput>(
  props: TextFieldProps<TValues, TOutput>,
) {
  return <TextField inputMode="numeric" kept={COUNT} {...props} />
}

/** An e-mail address, which the browser does not fill in from the admin's own. */
export function EmailField<TValues extends FieldValues, TOutput>(
  props: TextFieldProps<TValues, TOutput>,
) {
  return <TextField type="email" autoComplete="off" {...props} />
}

/** A list typed one item a line; blank lines stay while typing (the schema drops them). */
const LINES = {
  read: (value: unknown) => ((value as string[] | null) ?? []).join('\n'),
  write: (text: string) => text.split('\n'),
}

/** A multi-line text field; `lines` holds a list, one item a line. */
export function TextareaField<TValues extends FieldValues, TOutput>(
  props: BoundField<TValues, TOutput> &
    Framed &
    Pick<ComponentProps<typeof Textarea>, 'rows' | 'minHeight'> & {
      required?: boolean
      lines?: boolean
      textareaClassName?: string
    },
) {
  const { rows, minHeight } = props
  return (
    <TypedField
      frame={props}
      required={props.required}
      {...(props.lines ? LINES : {})}
      render={(typed) => (
        <Textarea className={props.textareaClassName} {...{ rows, minHeight }} {...typed} />
      )}
    />
  )
}

const NONE = 'none'

/**
 * A pick from a list. `none` names an option that stands for no value (null); `blank` shows the
 * placeholder whatever the value (a subcategory before its category is chosen).
 */
export function SelectField<TValues extends FieldValues, TOutput>(
  props: BoundField<TValues, TOutput> &
    Framed & {
      options: readonly Option[]
      placeholder?: string
      none?: string
      blank?: boolean
      disabled?: boolean
      required?: boolean
      /** shown when the field has no message of its own (its options could not be loaded) */
      fallbackError?: string | undefined
      onValueChange?: (value: string | null) => void
    },
) {
  const { none, options, blank = false } = props
  const choices = none ? [{ value: NONE, label: none }, ...options] : options
  return (
    <FramedField
      frame={props}
      fallbackError={props.fallbackError}
      render={(state) => {
        const value = state.field.value as string | null | undefined
        const selected = value === null || value === undefined ? (none ? NONE : undefined) : value
        return (
          <OptionSelect
            options={choices}
            value={blank ? '' : selected || undefined}
            onValueChange={(next) => {
              const chosen = none && next === NONE ? null : next
              state.field.onChange(chosen)
              props.onValueChange?.(chosen)
            }}
            disabled={props.disabled}
            placeholder={props.placeholder}
            {...controlProps(state, props.required)}
          />
        )
      }}
    />
  )
}
