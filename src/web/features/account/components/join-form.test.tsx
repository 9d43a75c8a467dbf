import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, type User } from '#shared/schemas/auth.ts'
import {
  descriptionOf,
  fakeApi,
  heldReply,
  renderWeb,
  type Answer,
} from '#tests/support/render-web.tsx'
import { JoinForm } from './join-form.tsx'

/** Join (docs/product.md#accounts): Personal Info, then Delivery Address, then Create Account. */

const newUser: User = {
  id: '3d1c2b4a-0e9f-4a8b-8c7d-6e5f4a3b2c1d',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Okafor',
  phone: '832-555-0199',
  deliveryStreet: '4410 Montrose Blvd',
  deliveryApt: null,
  deliveryCity: 'Houston',
  deliveryState: 'TX',
  deliveryZip: '77006',
  createdAt: '2026-11-02T15:00:00.000Z',
  isAdmin: false,
  isDriver: false,
}

const REGISTER = 'POST /api/auth/register'

function renderJoin(answer?: Answer, path = '/join') {
  return renderWeb(<JoinForm />, { path, api: fakeApi(answer ? { [REGISTER]: answer } : {}) })
}

async function fillPersonalInfo({ user }: ReturnType<typeof renderJoin>) {
  await user.type(screen.getByLabelText('First name'), 'Sam')
  await user.type(screen.getByLabelText('Last name'), 'Okafor')
  await user.type(screen.getByLabelText('Email'), 'sam@example.com')
  await user.type(screen.getByLabelText('Password'), 'radishes and kale')
  await user.click(screen.getByRole('button', { name: 'Continue' }))
}

async function fillDeliveryAddress({ user }: ReturnType<typeof renderJoin>, zip = '77006') {
  await user.type(await screen.findByLabelText('Street address'), '4410 Montrose Blvd')
  await user.type(screen.getByLabelText('City'), 'Houston')
  await user.type(screen.getByLabelText('ZIP code'), zip)
  await user.type(screen.getByLabelText('Phone'), '832-555-0199')
}

const createAccount = () => screen.getByRole('button', { name: 'Create Account' })

describe('the join form', () => {
  it('names what is missing on the first tab and does not move on', async () => {
    const view = renderJoin()
    await view.user.type(screen.getByLabelText('Email'), 'sam@example')
    await view.user.type(screen.getByLabelText('Password'), 'short')
    await view.user.click(screen.getByRole('button', { name: 'Continue' }))

    expect(descriptionOf(screen.getByLabelText('First name'))).toBe(
      'First name must be at least 2 characters',
    )
    expect(descriptionOf(screen.getByLabelText('Last name'))).toBe(
      'Last name must be at least 2 characters',
    )
    expect(descriptionOf(screen.getByLabelText('Email'))).toBe('Please enter a valid email address')
    expect(descriptionOf(screen.getByLabelText('Password'))).toBe(AUTH_MESSAGES.passwordShort)
    expect(document.activeElement).toBe(screen.getByLabelText('First name'))
    expect(screen.queryByLabelText('Street address')).toBeNull()
    expect(view.api.calls).toEqual([])
  })

  it('refuses a ZIP outside the service area under the ZIP field', async () => {
    const view = renderJoin()
    await fillPersonalInfo(view)
    await fillDeliveryAddress(view, '73301')
    await view.user.click(createAccount())

    expect(descriptionOf(await screen.findByLabelText('ZIP code'))).toBe(AUTH_MESSAGES.serviceArea)
    expect(view.api.calls).toEqual([])
  })

  it('sends the new account, signs in and goes on to the page it came for', async () => {
    const view = renderJoin({ status: 201, body: newUser }, '/join?next=%2Fcheckout')
    await fillPersonalInfo(view)
    await fillDeliveryAddress(view)
    await view.user.click(createAccount())

    await waitFor(() => expect(view.location()).toBe('/checkout'))
    expect(view.api.callsTo(REGISTER).map((call) => call.body)).toEqual([
      {
        firstName: 'Sam',
        lastName: 'Okafor',
        email: 'sam@example.com',
        password: 'radishes and kale',
        deliveryStreet: '4410 Montrose Blvd',
        deliveryApt: null,
        deliveryCity: 'Houston',
        deliveryState: 'TX',
        deliveryZip: '77006',
        phone: '832-555-0199',
      },
    ])
    expect(view.queryClient.getQueryData(['session'])).toEqual(newUser)
  })

  it('says Creating account... and takes no second press while the server answers', async () => {
    const held = heldReply()
    const view = renderJoin(held.answer)
    await fillPersonalInfo(view)
    await fillDeliveryAddress(view)
    await view.user.click(createAccount())

    const pending = await screen.findByRole('button', { name: 'Creating account...' })
    expect(pending).toHaveProperty('disabled', true)
    await view.user.click(pending)
    expect(view.api.callsTo(REGISTER)).toHaveLength(1)
    held.release({ status: 201, body: newUser })
    await waitFor(() => expect(view.location()).toBe('/shop'))
  })

  it('takes the visitor back to the e-mail address when the server says it is taken (409)', async () => {
    const view = renderJoin({ status: 409, body: { message: AUTH_MESSAGES.duplicateEmail } })
    await fillPersonalInfo(view)
    await fillDeliveryAddress(view)
    await view.user.click(createAccount())

    const email = await screen.findByLabelText('Email')
    expect(descriptionOf(email)).toBe(AUTH_MESSAGES.duplicateEmail)
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(email)
    expect(view.location()).toBe('/join')
  })

  it("puts the server's field messages (400) under their fields", async () => {
    const view = renderJoin({
      status: 400,
      body: {
        message: 'Please check the highlighted fields',
        errors: { phone: 'Please enter a valid phone number' },
      },
    })
    await fillPersonalInfo(view)
    await fillDeliveryAddress(view)
    await view.user.click(createAccount())

    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Phone'))).toBe(
        'Please enter a valid phone number',
      ),
    )
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'))
    expect(descriptionOf(screen.getByLabelText('City'))).toBe('')
  })
})
