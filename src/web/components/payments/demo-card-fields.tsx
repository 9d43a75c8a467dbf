import { zodResolver } from '@hookform/resolvers/zod'
import { InfoIcon } from 'lucide-react'
import type { ChangeEvent } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { CHECKOUT_MESSAGES, DemoCardSchema, type DemoCardInput } from '#shared/schemas/checkout.ts'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'

type DemoCardOutput = ReturnType<typeof DemoCardSchema.parse>
export type DemoCardForm = UseFormReturn<DemoCardInput, unknown, DemoCardOutput>
type CardField = keyof DemoCardInput

/** Stripe's test cards, which the demo provider follows (docs/product.md#payments). */
export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0025 0000 3155', outcome: 'asks for authentication' },
  // authorised at checkout, refused when the cut-off charges it (docs/product.md#order-payments);
  // a saved one is refused when a change charges it too (docs/product.md#saved-cards)
  {
    number: '4000 0000 0000 0341',
    outcome: 'is declined at the cut-off, or when saved and charged later',
  },
  { number: '4000 0027 6000 3184', outcome: 'asks for authentication, also when charged later' },
] as const

export function useDemoCardForm(zip: string): DemoCardForm {
  return useForm<DemoCardInput, unknown, DemoCardOutput>({
    resolver: zodResolver(DemoCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', zip },
  })
}

/** "4242424242424242" → "4242 4242 4242 4242", as typed */
const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')

/** "1228" → "12 / 28", as typed; deleting the slash deletes it */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits
}

const digitsOnly = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max)

/**
 * The demo provider's card form in our own page (docs/product.md#payments), labelled plainly as a
 * demo, with the test cards to use. Card numbers go to the server once and are never kept.
 */
export function DemoCardFields({ form, idPrefix }: { form: DemoCardForm; idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = form
  const controlId = (name: CardField) => `${idPrefix}-${name}`
  const message = (name: CardField) => errors[name]?.message
  const cleaned = (name: CardField, clean: (value: string) => string) => {
    const registration = register(name)
    return {
      id: controlId(name),
      ...fieldErrorProps(controlId(name), message(name)),
      ...registration,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = clean(event.target.value)
        if (next !== event.target.value) event.target.value = next
        return registration.onChange(event)
      },
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex gap-3 rounded-lg border border-butter bg-butter/20 px-4 py-3 text-sm">
        <InfoIcon className="mt-0.5 size-4 shrink-0 text-forest" aria-hidden />
        <div>
          <p className="font-semibold">{CHECKOUT_MESSAGES.demoOnly}</p>
          <p className="mt-1 text-muted-foreground">Use any future expiry date and any CVC:</p>
          <ul className="mt-1 flex flex-col gap-0.5" aria-label="Test cards">
            {DEMO_TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono font-semibold whitespace-nowrap">{card.number}</span>{' '}
                <span className="text-muted-foreground">{card.outcome}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="grid grid-cols-6 gap-x-4 gap-y-5">
        <FormField
          controlId={controlId('cardNumber')}
          label="Card number"
          error={message('cardNumber')}
          className="col-span-6"
        >
          <Input
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            aria-required
            className="font-mono"
            {...cleaned('cardNumber', groupCardNumber)}
          />
        </FormField>
        <FormField
          controlId={controlId('expiry')}
          label="Expiry (MM / YY)"
          error={message('expiry')}
          className="col-span-3 sm:col-span-2"
        >
          <Input
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
            maxLength={7}
            aria-required
            {...cleaned('expiry', formatExpiry)}
          />
        </FormField>
        <FormField
          controlId={controlId('cvc')}
          label="CVC"
          error={message('cvc')}
          className="col-span-3 sm:col-span-2"
        >
          <Input
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            aria-required
            {...cleaned('cvc', digitsOnly(4))}
          />
        </FormField>
        <FormField
          controlId={controlId('zip')}
          label="ZIP"
          error={message('zip')}
          className="col-span-6 sm:col-span-2"
        >
          <Input
            autoComplete="billing postal-code"
            inputMode="numeric"
            maxLength={5}
            aria-required
            {...cleaned('zip', digitsOnly(5))}
          />
        </FormField>
      </div>
    </div>
  )
}
