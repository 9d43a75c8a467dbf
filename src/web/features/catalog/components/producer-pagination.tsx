import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { Link } from '#web/lib/router.tsx'

/**
 * Previous, the page numbers and 'Next Page'; the ends are disabled (docs/product.md#catalogue).
 * Each is a link to its page's address, so paging works before and without JavaScript
 * (docs/product.md#without-javascript).
 */
export function ProducerPagination({
  page,
  pageCount,
  hrefFor,
  onNavigate,
}: {
  page: number
  pageCount: number
  /** the address of a page */
  hrefFor: (page: number) => string
  /** called when a link to another page is followed */
  onNavigate?: () => void
}) {
  if (pageCount <= 1) return null
  return (
    <nav
      aria-label="Producer pages"
      className="mt-10 flex flex-wrap items-center justify-center gap-2"
    >
      <StepLink to={page > 1 ? hrefFor(page - 1) : undefined} onClick={onNavigate}>
        <ChevronLeftIcon aria-hidden />
        Previous
      </StepLink>
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
        <Button
          key={number}
          asChild
          variant={number === page ? 'default' : 'ghost'}
          size="icon"
          className={cn(number === page && 'pointer-events-none')}
        >
          <Link
            to={hrefFor(number)}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={number === page ? undefined : onNavigate}
          >
            {number}
          </Link>
        </Button>
      ))}
      <StepLink to={page < pageCount ? hrefFor(page + 1) : undefined} onClick={onNavigate}>
        Next Page
        <ChevronRightIcon aria-hidden />
      </StepLink>
    </nav>
  )
}

/** Previous or Next Page: a link, or a disabled button at either end. */
function StepLink({
  to,
  onClick,
  children,
}: {
  to: string | undefined
  onClick: (() => void) | undefined
  children: ReactNode
}) {
  if (to === undefined) {
    return (
      <Button variant="outline" disabled>
        {children}
      </Button>
    )
  }
  return (
    <Button asChild variant="outline">
      <Link to={to} onClick={onClick}>
        {children}
      </Link>
    </Button>
  )
}
