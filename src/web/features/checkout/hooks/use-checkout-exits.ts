import { useCallback, useMemo, useRef } from 'react'
import { useNavigate } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { CHECKOUT_MESSAGES } from '#shared/schemas/checkout.ts'
import { toast, type ToastInput } from '#web/components/ui/toast-store.ts'
import { ApiError } from '#web/lib/api-client.ts'
import type { CheckoutSession } from '../checkout-basket.ts'

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401

/**
 * The ways out of the checkout that are not a purchase: no session ('Quick Stop!'), a session
 * that ended on the way ('Session expired…'), an empty basket. Each leaves once, however many
 * renders or calls ask for it.
 */
export function useCheckoutExits(session: CheckoutSession) {
  const navigate = useNavigate()
  const left = useRef(false)
  const { expire } = session

  const toLogin = useCallback(
    (toastInput: ToastInput) => {
      left.current = true
      toast(toastInput)
      // logging in or joining comes back to the checkout, the basket as it was
      void navigate(paths.login('/checkout'), { replace: true })
    },
    [navigate],
  )

  return useMemo(
    () => ({
      /** the order is saved: nothing else may send the shopper elsewhere now */
      orderSaved: () => {
        left.current = true
      },
      signInFirst: () => {
        if (left.current) return
        toLogin({
          title: CHECKOUT_MESSAGES.quickStop,
          description: 'Please log in or create an account to check out. Your basket is saved.',
        })
      },
      sessionExpired: () => {
        if (left.current) return
        toLogin({ variant: 'destructive', title: CHECKOUT_MESSAGES.sessionExpired })
        expire()
      },
      toShop: () => {
        if (left.current) return
        left.current = true
        void navigate('/shop', { replace: true })
      },
    }),
    [toLogin, expire, navigate],
  )
}
