import { screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Product } from '#shared/schemas/product.ts'
import { renderWeb } from '#tests/support/render-web.tsx'
import { makeProduct } from '#tests/support/web-fixtures.ts'
import { BoxBuilderDialog } from './box-builder-dialog.tsx'
import type { BoxSelection } from './box-selection.ts'

/** The custom box builder (docs/product.md#farm-boxes): exactly seven items, repeats allowed. */

const box = { name: 'Build-Your-Own Veggie Box', price: '42.00' }
const kale = makeProduct({ id: '7a000000-0000-4000-8000-000000000001', name: 'Lacinato Kale' })
const carrots = makeProduct({ id: '7a000000-0000-4000-8000-000000000002', name: 'Rainbow Carrots' })
const okra = makeProduct({ id: '7a000000-0000-4000-8000-000000000003', name: 'Okra' })

/** the dialog with its selection kept the way its callers keep it */
function Builder({
  status = 'success',
  onConfirm,
  onClose,
}: {
  status?: 'pending' | 'error' | 'success'
  onConfirm: (ids: string[]) => void
  onClose: () => void
}) {
  const [selection, setSelection] = useState<BoxSelection>({})
  return (
    <BoxBuilderDialog
      box={box}
      choices={[kale, carrots, okra] satisfies Product[]}
      status={status}
      selection={selection}
      onSelectionChange={setSelection}
      confirmLabel="Add to Cart"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}

function renderBuilder(status?: 'pending' | 'error' | 'success') {
  const onConfirm = vi.fn<(ids: string[]) => void>()
  const onClose = vi.fn<() => void>()
  const view = renderWeb(<Builder status={status} onConfirm={onConfirm} onClose={onClose} />)
  return { ...view, onConfirm, onClose }
}

const choose = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^(Choose|One more) ${name}$`) })
const addToCart = () => screen.getByRole('button', { name: 'Add to Cart' })

describe('the box builder', () => {
  it('counts the items chosen, repeats included, and adds the box only at seven', async () => {
    const view = renderBuilder()
    expect(
      screen.getByRole('dialog', { name: 'Build your Build-Your-Own Veggie Box' }),
    ).toBeTruthy()
    expect(screen.getByText('0 of 7 items selected')).toBeTruthy()
    expect(screen.getByText('Select 7 more items')).toBeTruthy()

    for (let press = 0; press < 3; press++) await view.user.click(choose('Lacinato Kale'))
    await view.user.click(choose('Okra'))
    expect(screen.getByText('4 of 7 items selected')).toBeTruthy()
    expect(screen.getByText('Select 3 more items')).toBeTruthy()
    expect(screen.getByText('3 chosen')).toBeTruthy()
    expect(
      screen.getByRole('progressbar', { name: 'Items chosen' }).getAttribute('aria-valuenow'),
    ).toBe('4')
    expect(addToCart()).toHaveProperty('disabled', true)

    for (let press = 0; press < 3; press++) await view.user.click(choose('Rainbow Carrots'))
    expect(screen.getByText('7 of 7 items selected')).toBeTruthy()
    expect(screen.getByText('Ready to add!')).toBeTruthy()
    await view.user.click(addToCart())

    expect(view.onConfirm).toHaveBeenCalledWith([
      kale.id,
      kale.id,
      kale.id,
      carrots.id,
      carrots.id,
      carrots.id,
      okra.id,
    ])
  })

  it('takes no eighth item, and takes one out with minus', async () => {
    const view = renderBuilder()
    for (let press = 0; press < 7; press++) await view.user.click(choose('Lacinato Kale'))
    const okraButton = choose('Okra')
    expect(okraButton.getAttribute('aria-disabled')).toBe('true')
    await view.user.click(okraButton)
    expect(screen.getByText('7 of 7 items selected')).toBeTruthy()

    await view.user.click(screen.getByRole('button', { name: 'One fewer Lacinato Kale' }))
    expect(screen.getByText('6 of 7 items selected')).toBeTruthy()
    expect(addToCart()).toHaveProperty('disabled', true)
    expect(choose('Okra').getAttribute('aria-disabled')).toBeNull()
    await view.user.click(choose('Okra'))
    await view.user.click(addToCart())
    expect(view.onConfirm).toHaveBeenCalledWith([
      ...Array.from({ length: 6 }, () => kale.id),
      okra.id,
    ])
  })

  it('says when the products are loading or could not be loaded, and Cancel closes it', async () => {
    const view = renderBuilder('pending')
    expect(screen.getByRole('status').textContent).toBe('Loading products...')
    view.unmount()

    const failed = renderBuilder('error')
    expect(screen.getByRole('alert').textContent).toBe(
      'Error loading products. Please try again later.',
    )
    await failed.user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(failed.onClose).toHaveBeenCalled()
    expect(failed.onConfirm).not.toHaveBeenCalled()
  })
})
