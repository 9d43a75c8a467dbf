import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { ApiError } from '#web/lib/api-client.ts'
import { toastStore } from '#web/components/ui/toast-store.ts'
import { FormDialog } from './form-dialog.tsx'
import { SelectField, TextField, TextareaField } from './form-fields.tsx'

const FarmSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  practices: z.array(z.string()),
  kind: z.enum(['farm', 'ranch']),
})
type Farm = z.infer<typeof FarmSchema>

/** A small admin dialog built from the shared parts, saving through `save`. */
function FarmDialog({
  save,
  onClose,
}: {
  save: (farm: Farm) => Promise<Farm>
  onClose: () => void
}) {
  const form = useForm<Farm>({
    resolver: zodResolver(FarmSchema),
    defaultValues: { name: 'Old Farm', practices: ['No-till'], kind: 'farm' },
  })
  return (
    <FormDialog
      form={form}
      title="Edit Farm"
      description="Changes show in the shop as soon as you save."
      submitLabel="Save Changes"
      save={save}
      onSaved={() => undefined}
      serverFields={{ farmName: 'name', practices: 'practices' }}
      onRefused={() => ({ description: 'Failed to update farm. Please try again.' })}
      onClose={onClose}
    >
      <TextField control={form.control} name="name" label="Name" required />
      <TextareaField
        control={form.control}
        name="practices"
        label="Practices"
        optional
        lines
        hint="One a line."
      />
      <SelectField
        control={form.control}
        name="kind"
        label="Kind"
        options={[
          { value: 'farm', label: 'Farm' },
          { value: 'ranch', label: 'Ranch' },
        ]}
      />
    </FormDialog>
  )
}

const refusal = (errors: Record<string, string>) =>
  new ApiError(400, 'Bad Request', { message: 'Validation failed', errors })

describe('an admin form dialog built from the shared parts', () => {
  test('sends the typed values, says it is saving, and closes once saved', async () => {
    const user = userEvent.setup()
    let finish: (farm: Farm) => void = () => undefined
    const save = vi.fn((_farm: Farm) => new Promise<Farm>((resolve) => (finish = resolve)))
    const onClose = vi.fn()
    render(<FarmDialog save={save} onClose={onClose} />)

    screen.getByRole('dialog', {
      name: 'Edit Farm',
      description: 'Changes show in the shop as soon as you save.',
    })
    await user.clear(screen.getByRole('textbox', { name: 'Name' }))
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Brazos Valley Farm')
    await user.type(screen.getByRole('textbox', { name: 'Practices (optional)' }), '\nPastured')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(save).toHaveBeenCalledWith({
      name: 'Brazos Valley Farm',
      practices: ['No-till', 'Pastured'],
      kind: 'farm',
    })
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving...' }).disabled).toBe(true)
    expect(onClose).not.toHaveBeenCalled()
    finish(save.mock.calls[0]![0])
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
  })

  test("shows the browser's check under its field and sends nothing", async () => {
    const user = userEvent.setup()
    const save = vi.fn()
    render(<FarmDialog save={save} onClose={() => undefined} />)

    await user.clear(screen.getByRole('textbox', { name: 'Name' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const name = screen.getByRole('textbox', { name: 'Name', description: 'Enter a name' })
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(save).not.toHaveBeenCalled()
  })

  test("puts a refusal's messages under the fields the server named, focuses the first, and stays open", async () => {
    const user = userEvent.setup()
    const save = vi.fn(() =>
      Promise.reject(
        refusal({ practices: 'A practice is at most 80 characters', farmName: 'Name is taken' }),
      ),
    )
    const onClose = vi.fn()
    render(<FarmDialog save={save} onClose={onClose} />)

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const name = await screen.findByRole('textbox', { name: 'Name', description: 'Name is taken' })
    expect(document.activeElement).toBe(name)
    screen.getByRole('textbox', {
      name: 'Practices (optional)',
      description: 'A practice is at most 80 characters One a line.',
    })
    expect(toastStore.getSnapshot()[0]).toMatchObject({
      variant: 'destructive',
      title: 'Error',
      description: 'Failed to update farm. Please try again.',
    })
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save Changes' }).disabled).toBe(
      false,
    )
    expect(onClose).not.toHaveBeenCalled()
  })
})
