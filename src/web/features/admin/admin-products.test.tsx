import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PRODUCT_FORM_MESSAGES, type AdminProduct } from '#shared/schemas/product.ts'
import {
  descriptionOf,
  fakeApi,
  heldReply,
  renderWeb,
  type Answer,
} from '#tests/support/render-web.tsx'
import { makeProducer, makeProduct } from '#tests/support/web-fixtures.ts'
import { AdminProducts } from './components/admin-products.tsx'

/**
 * Add Product and Edit Product (docs/product.md#admin), opened from the products page and
 * filled by their labels, as the staff use them.
 */

const PRODUCER_ID = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f'
const tomatoes: AdminProduct = {
  ...makeProduct({
    id: '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e01',
    name: 'Heirloom Tomatoes',
    price: '12.50',
    stockCount: '2 lb',
  }),
  producerId: PRODUCER_ID,
  producerActive: true,
}
const bluebonnet = makeProducer({
  id: PRODUCER_ID,
  name: 'Bluebonnet Farm',
  slug: 'bluebonnet-farm',
})

const LIST = 'GET /api/admin/products'
const UPDATE = `PATCH /api/admin/products/${tomatoes.id}`

async function renderProducts(answers: Record<string, Answer> = {}) {
  const view = renderWeb(<AdminProducts />, {
    path: '/admin/products',
    api: fakeApi({
      [LIST]: { body: [tomatoes] },
      'GET /api/admin/producers': { body: [bluebonnet] },
      ...answers,
    }),
  })
  await screen.findByRole('button', { name: 'Edit Heirloom Tomatoes' })
  return view
}

describe("the admin's product dialog", () => {
  it('names every required field a new product lacks, and sends nothing', async () => {
    const view = await renderProducts()
    await view.user.click(screen.getByRole('button', { name: 'Add Product' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' })
    await view.user.click(within(dialog).getByRole('button', { name: 'Add Product' }))

    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Name'))).toBe(PRODUCT_FORM_MESSAGES.nameRequired),
    )
    expect(descriptionOf(screen.getByLabelText('Price ($)'))).toBe(
      PRODUCT_FORM_MESSAGES.priceFormat,
    )
    expect(descriptionOf(within(dialog).getByLabelText('Category'))).toBe(
      PRODUCT_FORM_MESSAGES.categoryRequired,
    )
    expect(view.api.calls.filter((call) => call.method !== 'GET')).toEqual([])
  })

  it('edits a product: a bad price is named, the saved product is sent and the dialog closes', async () => {
    const held = heldReply()
    const view = await renderProducts({ [UPDATE]: held.answer })
    await view.user.click(screen.getByRole('button', { name: 'Edit Heirloom Tomatoes' }))
    await screen.findByRole('dialog', { name: 'Edit Product' })
    const price = screen.getByLabelText('Price ($)')
    expect(price).toHaveProperty('value', '12.50')
    await view.user.clear(price)
    await view.user.type(price, '12.5.0')
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(descriptionOf(price)).toBe(PRODUCT_FORM_MESSAGES.priceFormat))
    expect(view.api.callsTo(UPDATE)).toEqual([])

    await view.user.clear(price)
    await view.user.type(price, '13.25')
    await view.user.type(screen.getByLabelText('Name'), ' (Cherokee Purple)')
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(view.api.callsTo(UPDATE).map((call) => call.body)).toEqual([
      {
        name: 'Heirloom Tomatoes (Cherokee Purple)',
        description: 'Heirloom Tomatoes, picked this week.',
        price: '13.25',
        category: 'produce',
        subcategory: null,
        subcategory2: null,
        producerId: PRODUCER_ID,
        imageUrl: null,
        inStock: true,
        stockCount: '2 lb',
        isNew: false,
        seasonal: false,
        taxable: false,
        weeklyQuantity: null,
        tags: [],
      },
    ])
    held.release({ body: { ...tomatoes, name: 'Heirloom Tomatoes (Cherokee Purple)' } })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("puts the server's field message under its field and keeps the dialog open", async () => {
    const view = await renderProducts({
      [UPDATE]: {
        status: 400,
        body: {
          message: 'Please check the highlighted fields',
          errors: { stockCount: 'Weight/Qty must be at most 50 characters' },
        },
      },
    })
    await view.user.click(screen.getByRole('button', { name: 'Edit Heirloom Tomatoes' }))
    await screen.findByRole('dialog', { name: 'Edit Product' })
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const weight = screen.getByLabelText(/^Weight\/Qty/)
    await waitFor(() =>
      expect(descriptionOf(weight)).toBe('Weight/Qty must be at most 50 characters'),
    )
    expect(document.activeElement).toBe(weight)
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeTruthy()
  })

  it('sets a weekly quantity: digits are kept as a number, other text is named, empty is no limit', async () => {
    const view = await renderProducts({ [UPDATE]: { status: 200, body: tomatoes } })
    await view.user.click(screen.getByRole('button', { name: 'Edit Heirloom Tomatoes' }))
    await screen.findByRole('dialog', { name: 'Edit Product' })
    const weekly = screen.getByLabelText(/^Weekly quantity/)
    expect(weekly).toHaveProperty('value', '')
    await view.user.type(weekly, 'ten')
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }))
    // the message first, then the field's hint
    await waitFor(() =>
      expect(descriptionOf(weekly)).toMatch(
        /^Weekly quantity must be a whole number of 0 or more \(empty for no limit\)/,
      ),
    )
    expect(view.api.callsTo(UPDATE)).toEqual([])

    await view.user.clear(weekly)
    await view.user.type(weekly, '12')
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(view.api.callsTo(UPDATE)).toHaveLength(1))
    expect(view.api.callsTo(UPDATE)[0]?.body).toMatchObject({ weeklyQuantity: 12 })
  })
})
