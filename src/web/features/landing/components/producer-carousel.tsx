import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { useRef } from 'react'
import { Link } from '#web/lib/router.tsx'
import type { Producer } from '#shared/schemas/producer.ts'
import { Button } from '#web/components/ui/button.tsx'

const COMING_SOON = '/illustrations/producers/coming-soon.svg'

/**
 * Five producers in a row that scrolls by card (docs/product.md#pages), each with 'Learn More' to
 * /producers.
 */
export function ProducerCarousel({ producers }: { producers: readonly Producer[] | undefined }) {
  const track = useRef<HTMLUListElement>(null)
  const scrollByCard = (direction: 1 | -1) => {
    const list = track.current
    const card = list?.querySelector('li')
    if (list && card)
      list.scrollBy({ left: direction * (card.offsetWidth + 20), behavior: 'smooth' })
  }
  return (
    <section className="bg-accent/60" aria-labelledby="our-producers">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="our-producers" className="text-3xl font-semibold text-forest sm:text-4xl">
              The people who grow your food
            </h2>
            <p className="mt-2 text-muted-foreground">Every farm is within 75 miles of Houston.</p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="icon"
              onClick={() => scrollByCard(-1)}
              aria-label="Previous producers"
            >
              <ChevronLeftIcon />
            </Button>
            <Button
              variant="outline"
              size="icon"
              onClick={() => scrollByCard(1)}
              aria-label="Next producers"
            >
              <ChevronRightIcon />
            </Button>
          </div>
        </div>
        <ul
          ref={track}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-5 overflow-x-auto scroll-smooth px-4 pb-4 [scrollbar-width:thin] sm:-mx-6 sm:scroll-px-6 sm:px-6"
        >
          {(producers ?? placeholders).slice(0, 5).map((producer, index) => (
            <li
              key={producer?.slug ?? index}
              className="flex w-[78%] shrink-0 snap-start sm:w-[46%] lg:w-[calc((100%-2.5rem)/3)]"
            >
              <article className="flex w-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs">
                <div className="flex h-52 items-center justify-center bg-wheat p-6">
                  {producer ? (
                    <img
                      src={producer.imageUrl ?? COMING_SOON}
                      alt={producer.imageUrl ? `${producer.name} logo` : 'Logo coming soon'}
                      width={200}
                      height={200}
                      loading="lazy"
                      className="size-36 sm:size-40"
                    />
                  ) : null}
                </div>
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <h3 className="text-xl font-semibold">{producer?.name ?? ' '}</h3>
                  <p className="text-sm text-muted-foreground">{producer?.location ?? ' '}</p>
                  <p className="line-clamp-3 text-sm">{producer?.description}</p>
                  <Link
                    to="/producers"
                    // relative: the sr-only text is positioned absolutely, and without a
                    // positioned ancestor inside the scrolling track it escapes the track's
                    // clipping and widens the whole page on a phone
                    className="relative mt-auto pt-2 font-semibold text-primary hover:underline"
                    aria-label={
                      producer
                        ? `Learn more about ${producer.name}`
                        : 'Learn more about our producers'
                    }
                  >
                    Learn More
                    {/* crawlers judge a link by its text, not its aria-label (Lighthouse link-text) */}
                    <span className="sr-only">
                      {producer ? ` about ${producer.name}` : ' about our producers'}
                    </span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

// keeps the section's height while the producers load, so nothing below it jumps
const placeholders: (Producer | undefined)[] = Array.from({ length: 5 }, () => undefined)
