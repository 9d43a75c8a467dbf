import { GiftIcon } from 'lucide-react'
import { formatCents } from '#shared/domain/money.ts'
import { SITE } from '#shared/site-content.ts'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const SAMPLE_VALUE_CENTS = 5000

/**
 * /gift-cards: the digital gift card teaser; 'Coming Soon' says so in a toast
 * (docs/product.md#pages).
 */
export default function GiftCardsPage() {
  usePageTitle('Gift Cards')
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeader
        eyebrow="Gift cards"
        title="Give the gift of fresh, local food"
        intro="A digital gift card for a friend, a new neighbor or a family with a new baby: a Saturday crate from the farms around Houston."
      />
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div
          className="relative flex aspect-[1.6] w-full max-w-md flex-col justify-between overflow-hidden rounded-2xl bg-forest p-6 text-cream shadow-lg"
          role="img"
          aria-label={`Sample ${SITE.name} digital gift card worth ${formatCents(SAMPLE_VALUE_CENTS)}`}
        >
          <div className="absolute -right-10 -bottom-12 size-48 rounded-full bg-leaf/50" />
          <div className="absolute -top-8 -right-4 size-28 rounded-full bg-butter/30" />
          <span className="relative flex items-center gap-2 font-display text-lg font-semibold">
            <GiftIcon className="size-5" aria-hidden />
            {SITE.name}
          </span>
          <span className="relative font-display text-5xl font-semibold text-butter">
            {formatCents(SAMPLE_VALUE_CENTS)}
          </span>
          <span className="relative text-sm text-cream/85">Digital gift card</span>
        </div>
        <div className="flex flex-col items-start gap-4">
          <h2 className="text-2xl font-semibold text-forest">How it will work</h2>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-lg text-muted-foreground">
            <li>Choose an amount and write a note.</li>
            <li>We e-mail the card on the day you pick.</li>
            <li>It is spent at checkout, across as many orders as they like.</li>
          </ul>
          <Button
            size="lg"
            onClick={() =>
              toast({
                title: 'Gift cards are coming soon',
                description: 'We are putting the finishing touches on them. Check back shortly!',
              })
            }
          >
            Coming Soon
          </Button>
        </div>
      </div>
    </div>
  )
}
