import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from '#web/lib/router.tsx'
import { PAGE_PATHS } from '#shared/routes.ts'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { producerQueries } from '#web/features/catalog/api/product-queries.ts'
import { ProducerCard } from '#web/features/catalog/components/producer-card.tsx'
import { ProducerPagination } from '#web/features/catalog/components/producer-pagination.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const PER_PAGE = 9

/**
 * 'Meet Your Local Producers': 9 per page, the page in the URL so back works
 * (docs/product.md#catalogue).
 */
export default function ProducersPage() {
  usePageTitle('Meet Your Local Producers')
  const producers = useQuery(producerQueries.list())
  const [searchParams] = useSearchParams()
  const pageCount = Math.max(1, Math.ceil((producers.data?.length ?? 0) / PER_PAGE))
  const asked = Number(searchParams.get('page') ?? '1')
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pageCount) : 1
  const shown = (producers.data ?? []).slice((page - 1) * PER_PAGE, page * PER_PAGE)

  // each page is a link (docs/product.md#without-javascript); following one scrolls smoothly
  // to the top, where the shell would not (it scrolls on a new path only)
  const hrefFor = (number: number) =>
    number === 1 ? PAGE_PATHS.producers : `${PAGE_PATHS.producers}?page=${number}`
  const scrollUp = () => window.scrollTo({ top: 0, behavior: 'smooth' })

  return (
    <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
      <PageHeader
        title="Meet Your Local Producers"
        intro="Every farm, ranch, bakery and roaster we buy from is within 75 miles of Houston. These are the people behind your Saturday delivery."
      />
      {producers.isPending ? (
        <p className="min-h-[40vh] py-12 text-center text-muted-foreground" role="status">
          Loading producers...
        </p>
      ) : producers.isError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Error loading producers. Please try again later.
        </p>
      ) : (
        <>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((producer, index) => (
              <li key={producer.slug}>
                <ProducerCard producer={producer} eagerImage={index < 3} />
              </li>
            ))}
          </ul>
          <ProducerPagination
            page={page}
            pageCount={pageCount}
            hrefFor={hrefFor}
            onNavigate={scrollUp}
          />
        </>
      )}
    </div>
  )
}
