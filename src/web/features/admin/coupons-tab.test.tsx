import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AdminCoupon } from '#shared/schemas/coupon.ts'
import {
  descriptionOf,
  fakeApi,
  heldReply,
  renderWeb,
  type Answer,
} from '#tests/support/render-web.tsx'
import { CouponsTab } from './components/coupons-tab.tsx'

/**
 * The admin's Coupons tab and its New Coupon dialog (docs/product.md#admin), driven as the staff
 * use it: the button, the fields by their labels, Create Coupon.
 */

const welcome: AdminCoupon = {
  id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  code: 'WELCOME10',
  percentOff: 10,
  amountOff: null,
  minSubtotal: null,
  maxRedemptions: null,
  startsAt: null,
  endsAt: null,
  active: true,
  timesRedeemed: 12,
  createdAt: '2026-09-01T12:00:00.000Z',
}

const LIST = 'GET /api/admin/coupons'
const CREATE = 'POST /api/admin/coupons'

async function openNewCoupon(create?: Answer) {
  const view = renderWeb(<CouponsTab />, {
    path: '/admin',
    api: fakeApi({ [LIST]: { body: [welcome] }, ...(create ? { [CREATE]: create } : {}) }),
  })
  expect(await screen.findByRole('article', { name: 'WELCOME10' })).toBeTruthy()
  await view.user.click(screen.getByRole('button', { name: 'New Coupon' }))
  const dialog = await screen.findByRole('dialog', { name: 'New Coupon' })
  return { ...view, dialog }
}

describe("the admin's coupons", () => {
  it('lists each code with its discount and use', async () => {
    renderWeb(<CouponsTab />, { api: fakeApi({ [LIST]: { body: [welcome] } }) })
    const card = await screen.findByRole('article', { name: 'WELCOME10' })
    expect(within(card).getByText('10% off')).toBeTruthy()
    expect(within(card).getByText('12 (no limit)')).toBeTruthy()
  })

  it('names what is missing or wrong and sends nothing', async () => {
    const view = await openNewCoupon()
    await view.user.type(screen.getByLabelText('Percent off'), '150')
    await view.user.type(screen.getByLabelText(/^Redemption limit/), '2.5')
    await view.user.type(screen.getByLabelText(/^First day/), '2026-12-10')
    await view.user.type(screen.getByLabelText(/^Last day/), '2026-12-01')
    await view.user.click(screen.getByRole('button', { name: 'Create Coupon' }))

    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Code'))).toBe('Code is required'),
    )
    expect(descriptionOf(screen.getByLabelText('Percent off'))).toBe(
      'Percent off must be between 1 and 100',
    )
    expect(descriptionOf(screen.getByLabelText(/^Redemption limit/))).toBe('Use a whole number')
    expect(descriptionOf(screen.getByLabelText(/^Last day/))).toBe(
      'The last day must not be before the first',
    )
    expect(view.api.callsTo(CREATE)).toEqual([])
  })

  it('sends the new coupon, with its days as Houston days, and closes once it is made', async () => {
    const held = heldReply()
    const view = await openNewCoupon(held.answer)
    await view.user.type(screen.getByLabelText('Code'), 'spring15')
    await view.user.type(screen.getByLabelText('Percent off'), '15')
    await view.user.type(screen.getByLabelText(/^Minimum subtotal/), '60')
    await view.user.type(screen.getByLabelText(/^Redemption limit/), '100')
    await view.user.type(screen.getByLabelText(/^First day/), '2026-03-01')
    await view.user.type(screen.getByLabelText(/^Last day/), '2026-03-31')
    await view.user.click(screen.getByRole('button', { name: 'Create Coupon' }))

    expect(await screen.findByRole('button', { name: 'Creating...' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(view.api.callsTo(CREATE).map((call) => call.body)).toEqual([
      {
        code: 'SPRING15',
        percentOff: 15,
        minSubtotal: '60',
        maxRedemptions: 100,
        // midnight in Houston (CST, UTC−6) on the first day, and after the last
        startsAt: '2026-03-01T06:00:00.000Z',
        endsAt: '2026-04-01T05:00:00.000Z',
        active: true,
      },
    ])
    held.release({
      status: 201,
      body: { ...welcome, id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1e', code: 'SPRING15' },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(view.api.callsTo(LIST).length).toBeGreaterThan(1)
  })

  it("puts the server's refusal of a taken code (409) under the Code field and stays open", async () => {
    const view = await openNewCoupon({
      status: 409,
      body: { message: 'A coupon with this code already exists' },
    })
    await view.user.type(screen.getByLabelText('Code'), 'WELCOME10')
    await view.user.type(screen.getByLabelText('Percent off'), '10')
    await view.user.click(screen.getByRole('button', { name: 'Create Coupon' }))

    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Code'))).toBe(
        'A coupon with this code already exists',
      ),
    )
    expect(screen.getByRole('dialog', { name: 'New Coupon' })).toBeTruthy()
  })
})
