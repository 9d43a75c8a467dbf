import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SIGNED_IN_COOKIE } from '#shared/personal-state.ts'
import { SAVED_CARD_MESSAGES, type SavedCard } from '#shared/schemas/saved-cards.ts'
import { toastStore } from '#web/components/ui/toast-store.ts'
import { fakeApi, heldReply, renderWeb, type Answer } from '#tests/support/render-web.tsx'
import { makeUser } from '#tests/support/web-fixtures.ts'
import { Profile } from './profile.tsx'
import { SavedCards } from './saved-cards.tsx'

/**
 * The profile's saved cards (docs/product.md#saved-cards): the cards the provider keeps, each
 * removable, the empty state, a card added through the card form, and the way back from the
 * bank's page.
 */

const user = makeUser()

const visa: SavedCard = {
  id: 'pm_demo_visa4242',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
}
const mastercard: SavedCard = {
  id: 'pm_demo_mc4444',
  brand: 'mastercard',
  last4: '4444',
  expMonth: 3,
  expYear: 2029,
}

const LIST = 'GET /api/payment-methods'
const SETUP = 'POST /api/payment-methods/setup'
const CONFIRM = 'POST /api/demo-payments/seti_demo123456/confirm'

function renderCards(answers: Record<string, Answer> = {}) {
  const api = fakeApi({ [LIST]: { body: [mastercard, visa] }, ...answers })
  return renderWeb(<SavedCards user={user} />, { path: '/profile', api })
}

const latestToast = () => toastStore.getSnapshot()[0]
const cardList = () => screen.findByRole('list', { name: 'Saved cards' })

describe("the profile's saved cards", () => {
  it('lists each card by brand, last four digits and expiry, newest first', async () => {
    renderCards()
    const items = within(await cardList()).getAllByRole('listitem')

    expect(items.map((item) => item.textContent)).toEqual([
      'Mastercard •••• 4444Expires 03/29Remove',
      'Visa •••• 4242Expires 12/30Remove',
    ])
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Remove Visa ending in 4242' }),
    ).toBeTruthy()
  })

  it('removes a card: the list drops it and the toast says "Card removed"', async () => {
    const view = renderCards({
      [`DELETE /api/payment-methods/${visa.id}`]: {
        body: { message: SAVED_CARD_MESSAGES.removed },
      },
    })
    await cardList()
    // the list as the server has it after the removal
    view.api.on(LIST, { body: [mastercard] })
    await view.user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }))

    await waitFor(() => expect(screen.queryByText('Visa •••• 4242')).toBeNull())
    expect(screen.getByText('Mastercard •••• 4444')).toBeTruthy()
    expect(latestToast()).toMatchObject({ title: SAVED_CARD_MESSAGES.removed })
    expect(view.api.callsTo(`DELETE /api/payment-methods/${visa.id}`)).toHaveLength(1)
    expect(screen.getByRole('heading', { name: 'Saved cards' })).toBe(document.activeElement)
  })

  it('says "Removing..." and takes no other removal while the server answers', async () => {
    const held = heldReply()
    const view = renderCards({ [`DELETE /api/payment-methods/${visa.id}`]: held.answer })
    await cardList()
    await view.user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }))

    const removing = await screen.findByRole('button', { name: 'Removing Visa ending in 4242' })
    expect(removing).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Remove Mastercard ending in 4444' })).toHaveProperty(
      'disabled',
      true,
    )
    view.api.on(LIST, { body: [mastercard] })
    held.release({ body: { message: SAVED_CARD_MESSAGES.removed } })
    await waitFor(() => expect(screen.queryByText('Visa •••• 4242')).toBeNull())
  })

  it('says what went wrong when the card is already gone, and shows the list as it is', async () => {
    const view = renderCards({
      [`DELETE /api/payment-methods/${visa.id}`]: {
        status: 404,
        body: { message: SAVED_CARD_MESSAGES.notFound },
      },
    })
    await cardList()
    view.api.on(LIST, { body: [mastercard] })
    await view.user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }))

    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        variant: 'destructive',
        title: 'Card not removed',
        description: SAVED_CARD_MESSAGES.notFound,
      }),
    )
    await waitFor(() => expect(screen.queryByText('Visa •••• 4242')).toBeNull())
  })

  it('says there are no saved cards yet', async () => {
    renderCards({ [LIST]: { body: [] } })

    expect(await screen.findByText(SAVED_CARD_MESSAGES.noCards)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Saved cards' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeTruthy()
  })

  it('adds a card through the demo card form: "Card saved", and the list shows it', async () => {
    const view = renderCards({
      [LIST]: { body: [] },
      'GET /api/payments/config': { body: { provider: 'demo', publishableKey: null } },
      [SETUP]: {
        body: { clientSecret: 'seti_demo123456_secret_abc', setupIntentId: 'seti_demo123456' },
      },
      [CONFIRM]: { body: { status: 'succeeded' } },
    })
    await screen.findByText(SAVED_CARD_MESSAGES.noCards)
    await view.user.click(screen.getByRole('button', { name: 'Add a card' }))

    const form = await screen.findByRole('form', { name: 'Add a card' })
    expect(within(form).getByText(SAVED_CARD_MESSAGES.consent)).toBeTruthy()
    await waitFor(() =>
      expect(within(form).getByLabelText('Card number')).toBe(document.activeElement),
    )
    await view.user.type(within(form).getByLabelText('Card number'), '4242424242424242')
    await view.user.type(within(form).getByLabelText('Expiry (MM / YY)'), '1230')
    await view.user.type(within(form).getByLabelText('CVC'), '123')
    view.api.on(LIST, { body: [visa] })
    await view.user.click(within(form).getByRole('button', { name: 'Save card' }))

    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy()
    expect(latestToast()).toMatchObject({ title: SAVED_CARD_MESSAGES.added })
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull()
    expect(view.api.callsTo(SETUP).map((call) => call.body)).toEqual([{}])
    expect(view.api.callsTo(CONFIRM).map((call) => call.body)).toEqual([
      { cardNumber: '4242424242424242', expiry: '12 / 30', cvc: '123', zip: '77008' },
    ])
  })

  it('keeps the form open and says why when the card is refused', async () => {
    const view = renderCards({
      'GET /api/payments/config': { body: { provider: 'demo', publishableKey: null } },
      [SETUP]: {
        body: { clientSecret: 'seti_demo123456_secret_abc', setupIntentId: 'seti_demo123456' },
      },
      [CONFIRM]: { body: { status: 'failed', message: 'Your card was declined.' } },
    })
    await cardList()
    await view.user.click(screen.getByRole('button', { name: 'Add a card' }))
    const form = await screen.findByRole('form', { name: 'Add a card' })
    await view.user.type(within(form).getByLabelText('Card number'), '4000000000000002')
    await view.user.type(within(form).getByLabelText('Expiry (MM / YY)'), '1230')
    await view.user.type(within(form).getByLabelText('CVC'), '123')
    await view.user.click(within(form).getByRole('button', { name: 'Save card' }))

    const alert = await within(form).findByRole('alert')
    expect(alert.textContent).toContain('Card not saved')
    expect(alert.textContent).toContain('Your card was declined.')
    expect(view.api.callsTo(LIST)).toHaveLength(1)
  })
})

describe('back on /profile from the bank page', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })

  function renderProfile(path: string) {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`
    const api = fakeApi({
      'GET /api/auth/session': { body: user },
      [LIST]: { body: [visa] },
    })
    return renderWeb(<Profile />, { path, api })
  }

  it('says the card is saved, lists it and cleans the address', async () => {
    const view = renderProfile('/profile?setup_intent=seti_demo123456&redirect_status=succeeded')

    await waitFor(() => expect(view.location()).toBe('/profile'))
    expect(latestToast()).toMatchObject({ title: SAVED_CARD_MESSAGES.added })
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy()
  })

  it('says the card is not saved when the bank check failed', async () => {
    const view = renderProfile('/profile?setup_intent=seti_demo123456&redirect_status=failed')

    await waitFor(() => expect(view.location()).toBe('/profile'))
    expect(latestToast()).toMatchObject({ variant: 'destructive', title: 'Card not saved' })
  })
})
