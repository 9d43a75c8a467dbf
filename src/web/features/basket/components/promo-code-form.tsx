import { TagIcon, XIcon } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import type { Cents } from '#shared/domain/money.ts'
import { COUPON_MESSAGES } from '#shared/domain/coupons.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useValidateCoupon } from '../api/validate-coupon.ts'
import { couponStore, useAppliedCoupon } from '../coupon-store.ts'

/** The promo code field (docs/product.md#coupons): entry, then applied (removable) or an error. */
export function PromoCodeForm({ subtotal }: { subtotal: Cents }) {
  const inputId = useId()
  const errorId = useId()
  const applied = useAppliedCoupon()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const validate = useValidateCoupon()

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-forest/30 bg-accent px-3 py-2 text-sm text-accent-foreground">
        <span className="flex items-center gap-2">
          <TagIcon className="size-4" aria-hidden />
          Code <strong>{applied.code}</strong> applied
        </span>
        <button
          type="button"
          className="flex items-center gap-1 rounded-sm font-semibold hover:underline"
          onClick={() => couponStore.set(null)}
        >
          <XIcon className="size-4" aria-hidden />
          Remove<span className="sr-only"> code {applied.code}</span>
        </button>
      </div>
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = code.trim()
    if (trimmed === '') {
      setError(COUPON_MESSAGES.empty)
      return
    }
    setError(null)
    validate.mutate(
      { code: trimmed, subtotal },
      {
        onSuccess: (answer) => {
          if (answer.valid && answer.id) {
            couponStore.set({
              code: trimmed.toUpperCase(),
              id: answer.id,
              percentOff: answer.percentOff,
              amountOff: answer.amountOff,
            })
            setCode('')
          } else {
            setError(answer.message || COUPON_MESSAGES.unknown)
          }
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.isClientError
              ? (failure.serverMessage ?? COUPON_MESSAGES.unknown)
              : COUPON_MESSAGES.network,
          ),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="sr-only">
        Promo code
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          // a neutral hint, never a real code: an example code is a discount given to everyone
          placeholder="Promo code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="uppercase placeholder:normal-case"
        />
        <Button type="submit" variant="outline" disabled={validate.isPending}>
          {validate.isPending ? 'Checking…' : 'Apply'}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
