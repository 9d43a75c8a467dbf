import { ArrowRightIcon, NewspaperIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { formatCalendarDay } from '#shared/domain/delivery.ts'
import { SITE } from '#shared/site-content.ts'
import { Breadcrumb } from '#web/components/layout/breadcrumb.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { InfoHero, InfoSection } from '#web/features/info/components/info-hero.tsx'
import { InfoSubnav } from '#web/features/info/components/info-subnav.tsx'
import { PRESS_ITEMS, type PressItem } from '#web/features/info/content/press-items.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

function PublishedOn({ date }: { date: string }) {
  return <time dateTime={date}>{formatCalendarDay(date)}</time>
}

/** "Read More" is a link only when the item has somewhere to go (docs/product.md#pages). */
function ReadMore({ item }: { item: PressItem }) {
  if (!item.link) return null
  const label = (
    <>
      Read More <ArrowRightIcon className="size-4" aria-hidden />
      <span className="sr-only">: {item.title}</span>
    </>
  )
  const className = 'inline-flex items-center gap-1 font-semibold text-primary hover:underline'
  return item.link.startsWith('/') ? (
    <Link to={item.link} className={className}>
      {label}
    </Link>
  ) : (
    <a href={item.link} className={className} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  )
}

/**
 * /press: featured story, outlet wordmarks and the grid of the other five (docs/product.md#pages).
 */
export default function PressPage() {
  usePageTitle('Press')
  const featured = PRESS_ITEMS.find((item) => item.featured)
  const others = PRESS_ITEMS.filter((item) => item !== featured)
  return (
    <>
      <InfoHero
        eyebrow="Press"
        title={`${SITE.name} in the news`}
        intro="What reporters, growers and neighbors have written about local food in Houston, and our part in it."
      >
        <Breadcrumb
          tone="light"
          crumbs={[
            { label: 'Home', to: '/' },
            { label: 'About', to: '/about' },
            { label: 'Press' },
          ]}
        />
      </InfoHero>
      <InfoSubnav />
      <section aria-label="As featured in" className="border-b border-border bg-card">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-10 gap-y-4 px-4 py-8 sm:px-6">
          {PRESS_ITEMS.map((item) => (
            <li
              key={item.outlet}
              className="font-display text-lg font-semibold tracking-tight text-muted-foreground"
            >
              {item.outlet}
            </li>
          ))}
        </ul>
      </section>
      {featured ? (
        <InfoSection id="featured-story" title="Featured story">
          <article className="grid gap-6 rounded-2xl bg-wheat p-6 sm:p-10 lg:grid-cols-[auto_1fr] lg:items-start">
            <span className="flex size-14 items-center justify-center rounded-full bg-forest text-white">
              <NewspaperIcon className="size-7" aria-hidden />
            </span>
            <div className="flex flex-col items-start gap-3">
              <p className="text-sm font-semibold tracking-wide text-forest uppercase">
                {featured.outlet} · <PublishedOn date={featured.date} />
              </p>
              <h3 className="font-display text-2xl font-semibold sm:text-3xl">{featured.title}</h3>
              <p className="max-w-3xl text-lg leading-relaxed">{featured.excerpt}</p>
              <ReadMore item={featured} />
            </div>
          </article>
        </InfoSection>
      ) : null}
      <InfoSection id="more-coverage" title="More coverage" className={featured ? 'pt-0' : ''}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {others.map((item) => (
            <li key={item.title}>
              <article className="flex h-full flex-col gap-3 rounded-xl bg-card p-6 shadow-xs">
                <p className="text-sm font-semibold text-forest">{item.outlet}</p>
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="text-sm text-muted-foreground">
                  <PublishedOn date={item.date} />
                </p>
                <p className="flex-1 text-muted-foreground">{item.excerpt}</p>
                <ReadMore item={item} />
              </article>
            </li>
          ))}
        </ul>
      </InfoSection>
      <section aria-labelledby="press-contact" className="bg-accent/60">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-12 sm:px-6">
          <h2 id="press-contact" className="text-2xl font-semibold text-forest sm:text-3xl">
            Writing about local food?
          </h2>
          <p className="max-w-2xl text-lg text-muted-foreground">
            We are happy to introduce you to our farmers, share our numbers or show you around the
            packing kitchen on a Friday. We reply within 24 hours.
          </p>
          <Button asChild size="lg">
            <Link to="/contact?subject=media">Contact our press team</Link>
          </Button>
        </div>
      </section>
    </>
  )
}
