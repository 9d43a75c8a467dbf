import { useQuery } from '@tanstack/react-query'
import { SITE } from '#shared/site-content.ts'
import { producerQueries } from '#web/features/catalog/api/product-queries.ts'
import { BrowseTheFarm } from '#web/features/landing/components/browse-the-farm.tsx'
import { Hero } from '#web/features/landing/components/hero.tsx'
import { HowItWorksSteps } from '#web/features/landing/components/how-it-works-steps.tsx'
import { Mission } from '#web/features/landing/components/mission.tsx'
import { ProducerCarousel } from '#web/features/landing/components/producer-carousel.tsx'
import { SetsUsApart } from '#web/features/landing/components/sets-us-apart.tsx'
import { Testimonials } from '#web/features/landing/components/testimonials.tsx'
import { ViewAllProducersButton } from '#web/features/landing/components/view-all-producers-button.tsx'
import { JoinWaitlistButton } from '#web/features/marketing/components/join-waitlist-button.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/**
 * The pre-launch landing page (docs/product.md#pages): every section collects waitlist sign-ups.
 */
export default function HomePage() {
  usePageTitle()
  const producers = useQuery(producerQueries.list())
  return (
    <>
      <Hero
        launchButton={
          <JoinWaitlistButton size="sm" shape="pill">
            {SITE.launchText}
          </JoinWaitlistButton>
        }
      />
      <BrowseTheFarm />
      <HowItWorksSteps />
      <SetsUsApart action={<JoinWaitlistButton variant="outline" />} />
      <Mission action={<JoinWaitlistButton variant="secondary" />} />
      <ProducerCarousel producers={producers.data} />
      <Testimonials />
      <section className="mx-auto max-w-3xl px-4 pb-6 text-center sm:px-6">
        <h2 className="text-3xl font-semibold text-forest">Be first at the door</h2>
        <p className="mt-3 text-lg text-muted-foreground">
          We are {SITE.launchText.toLowerCase()}. Join the waitlist and we will tell you the day
          deliveries start in your neighborhood.
        </p>
        <div className="mt-6 flex justify-center">
          <JoinWaitlistButton size="lg" />
        </div>
      </section>
      <ViewAllProducersButton />
    </>
  )
}
