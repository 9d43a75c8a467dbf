import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'

/**
 * Previous, the page numbers and 'Next Page'; the ends are disabled (docs/product.md#catalogue).
 */
export function ProducerPagination({
  page,
  pageCount,
  onChange,
}: {
  page: number
  pageCount: number
  onChange: (page: number) => void
}) {
  if (pageCount <= 1) return null
  return (
    <nav
      aria-label="Producer pages"
      className="mt-10 flex flex-wrap items-center justify-center gap-2"
    >
      <Button variant="outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeftIcon aria-hidden />
        Previous
      </Button>
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'default' : 'ghost'}
          size="icon"
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onChange(number)}
          className={cn(number === page && 'pointer-events-none')}
        >
          {number}
        </Button>
      ))}
      <Button variant="outline" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Next Page
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  )
}
