import type { ReactNode } from 'react'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#web/components/ui/accordion.tsx'

const BLURBS = [
  {
    title: 'Every item has a name and a farm behind it',
    text: 'Each product page tells you who grew, raised or baked it, and how far it travelled: never more than 75 miles. Our partner farmers are paid 20–30% above wholesale, because good food starts with a fair price for the people who grow it.',
  },
  {
    title: 'Harvested for your order, not for a warehouse',
    text: 'We order from our farms after you order from us. They harvest on Thursday, we pack on Friday and you eat it on Saturday: farm to door within 48 hours, with our whole inventory turning over every 72 hours.',
  },
  {
    title: 'Almost nothing goes to waste',
    text: 'Because we buy what our customers have already chosen, less than 1% of our food is thrown away. What is left over on Friday goes to Houston food banks, and our crates come back to us the next Saturday.',
  },
] as const

/** "What Sets Us Apart": three expandable blurbs (docs/product.md#pages). */
export function SetsUsApart({ action }: { action?: ReactNode }) {
  return (
    <section
      className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[0.9fr_1.1fr]"
      aria-labelledby="sets-us-apart"
    >
      <div className="flex flex-col items-start gap-4">
        <h2 id="sets-us-apart" className="text-3xl font-semibold text-forest sm:text-4xl">
          What Sets Us Apart
        </h2>
        <p className="text-lg text-muted-foreground">
          A grocery run that knows where its food comes from, pays the people who made it fairly,
          and does not throw a fifth of it away.
        </p>
        {action}
      </div>
      <Accordion
        type="single"
        collapsible
        defaultValue={BLURBS[0].title}
        className="rounded-xl bg-card px-5 shadow-xs"
      >
        {BLURBS.map((blurb) => (
          <AccordionItem key={blurb.title} value={blurb.title} className="last:border-b-0">
            <AccordionTrigger className="text-base sm:text-lg">{blurb.title}</AccordionTrigger>
            <AccordionContent className="text-base leading-relaxed text-muted-foreground">
              {blurb.text}
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  )
}
