import { useMutation } from '@tanstack/react-query'
import { centsToDecimal, type Cents } from '#shared/domain/money.ts'
import type { CouponCheck } from '#shared/schemas/coupon.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** POST /api/validate-coupon: is this code usable on a basket of this subtotal? */
export function useValidateCoupon() {
  return useMutation({
    mutationFn: ({ code, subtotal }: { code: string; subtotal: Cents }) =>
      apiRequest<CouponCheck>('POST', '/api/validate-coupon', {
        body: { code, subtotal: centsToDecimal(subtotal) },
      }),
  })
}
