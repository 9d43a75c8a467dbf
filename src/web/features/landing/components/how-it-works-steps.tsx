import { CalendarDaysIcon, MapPinIcon, ShoppingBasketIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { DELIVERY_WINDOW, ORDER_CUTOFF } from '#shared/domain/delivery.ts'

const STEPS = [
  {
    icon: ShoppingBasketIcon,
    title: 'Fill your basket',
    text: 'Choose from produce, meat, dairy, bread and pantry goods, each from a named farm or kitchen near Houston.',
  },
  {
    icon: CalendarDaysIcon,
    title: 'We harvest and pack',
    text: `Order by ${ORDER_CUTOFF.label}. Farmers harvest on Thursday and we pack your order on Friday.`,
  },
  {
    icon: MapPinIcon,
    title: 'Saturday at your door',
    text: `Your order arrives on Saturday between ${DELIVERY_WINDOW.label.replace('–', 'and')}, anywhere in the Houston area.`,
  },
] as const

/** How it Works in 3 steps (docs/product.md#pages). */
export function HowItWorksSteps() {
  return (
    <section className="bg-accent/60" aria-labelledby="how-it-works">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id="how-it-works" className="text-3xl font-semibold text-forest sm:text-4xl">
            How it Works
          </h2>
          <Link to="/how-it-works" className="font-semibold text-primary hover:underline">
            Delivery details and ZIP check
          </Link>
        </div>
        <ol className="grid gap-5 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex flex-col gap-3 rounded-xl bg-card p-6 shadow-xs">
              <span className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-forest text-white">
                  <step.icon className="size-5" aria-hidden />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">
                  Step {index + 1}
                </span>
              </span>
              <h3 className="text-xl font-semibold">{step.title}</h3>
              <p className="text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
