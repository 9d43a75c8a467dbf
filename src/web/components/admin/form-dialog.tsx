import type { ReactNode } from 'react'
import { useFormState, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { toast, type ToastInput } from '#web/components/ui/toast-store.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'

/**
 * Where a refused save's field messages go: the form's fields named as the server names them,
 * or, where the names differ, the server's names mapped to the form's; in the form's order.
 */
export type ServerFields<TValues extends FieldValues> =
  readonly FieldPath<TValues>[] | Readonly<Record<string, FieldPath<TValues>>>

/**
 * The server's messages of a refused save under their fields, the first of them focused.
 * Exported for forms that are not a dialog.
 */
export function showFieldRefusals<TValues extends FieldValues, TOutput>(
  error: unknown,
  serverFields: ServerFields<TValues>,
  form: Pick<UseFormReturn<TValues, unknown, TOutput>, 'setError' | 'setFocus'>,
) {
  const fieldOf = (name: string): FieldPath<TValues> =>
    Array.isArray(serverFields)
      ? (name as FieldPath<TValues>)
      : (serverFields as Record<string, FieldPath<TValues>>)[name]!
  const names = Array.isArray(serverFields) ? serverFields : Object.keys(serverFields)
  const fieldErrors = serverFieldErrors(error, names as readonly string[])
  for (const [name, message] of fieldErrors) {
    form.setError(fieldOf(name), { type: 'server', message })
  }
  const [first] = fieldErrors
  if (first) form.setFocus(fieldOf(first[0]))
}

/**
 * An admin dialog that edits one thing through a react-hook-form form (docs/product.md#admin):
 * its title and what saving does, the fields, Cancel and the submit button, which says it is
 * busy while the save is on its way. A saved form closes the dialog; a refused one keeps it open
 * with the server's messages under their fields and a toast. One column on a phone; `grid`
 * lays the fields two to a row from `sm`.
 */
export function FormDialog<TValues extends FieldValues, TOutput, TSaved>({
  form,
  title,
  description,
  width = 'max-w-2xl',
  layout = 'grid',
  submitLabel,
  pendingLabel = 'Saving...',
  save,
  onSaved,
  serverFields,
  onRefused,
  onClose,
  children,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>
  title: string
  description: ReactNode
  width?: 'max-w-xl' | 'max-w-2xl'
  layout?: 'grid' | 'stack'
  submitLabel: string
  pendingLabel?: string
  /** sends the checked values; resolves with what the server saved */
  save: (values: TOutput) => Promise<TSaved>
  /** after a save, before the dialog closes: the toast that says so */
  onSaved: (saved: TSaved) => void
  serverFields: ServerFields<TValues>
  /** the toast of a refused save (and any message the dialog places itself) */
  onRefused: (error: unknown) => ToastInput
  onClose: () => void
  children: ReactNode
}) {
  const { isSubmitting } = useFormState({ control: form.control })
  const onSubmit = form.handleSubmit(async (values) => {
    let saved: TSaved
    try {
      saved = await save(values)
    } catch (error) {
      showFieldRefusals(error, serverFields, form)
      toast({ variant: 'destructive', title: 'Error', ...onRefused(error) })
      return
    }
    onSaved(saved)
    onClose()
  })

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width={width}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={onSubmit}
          className={layout === 'grid' ? 'grid gap-4 sm:grid-cols-2' : 'flex flex-col gap-4'}
        >
          {children}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
