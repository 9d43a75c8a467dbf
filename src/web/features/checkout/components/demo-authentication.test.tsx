import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, renderWeb } from '#tests/support/render-web.tsx'
import { DemoAuthentication } from './demo-authentication.tsx'

/**
 * The demo bank's check (docs/product.md#payments): for a payment, and for a card being saved
 * from the profile (docs/product.md#saved-cards), back to wherever the server says.
 */

describe('the demo bank page', () => {
  it('checks a card being saved and goes back to the profile', async () => {
    const returnUrl = '/profile?setup_intent=seti_demo123456&redirect_status=succeeded'
    const view = renderWeb(<DemoAuthentication paymentIntentId="seti_demo123456" />, {
      path: '/checkout/authenticate?payment_intent=seti_demo123456',
      api: fakeApi({
        'POST /api/demo-payments/seti_demo123456/authenticate': { body: { returnUrl } },
      }),
    })
    expect(screen.getByText(/confirm saving it/)).toBeTruthy()
    expect(screen.getByText('Card seti_demo123456')).toBeTruthy()
    await view.user.click(screen.getByRole('button', { name: 'Complete authentication' }))

    await waitFor(() => expect(view.location()).toBe(returnUrl))
    expect(
      view.api
        .callsTo('POST /api/demo-payments/seti_demo123456/authenticate')
        .map((call) => call.body),
    ).toEqual([{ outcome: 'succeeded' }])
  })

  it('refuses an id that is neither a payment nor a card setup', () => {
    renderWeb(<DemoAuthentication paymentIntentId="cus_demo123456" />, {
      path: '/checkout/authenticate?payment_intent=cus_demo123456',
    })
    expect(screen.getByRole('alert').textContent).toContain('Payment not found')
    expect(screen.queryByRole('button', { name: 'Complete authentication' })).toBeNull()
  })
})
