import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { readDeliverySaturday } from '#shared/domain/delivery.ts'
import { Button } from '#web/components/ui/button.tsx'

/**
 * The week's pages take a delivery Saturday in their address; another day says so and links to
 * the nearest Saturday (docs/product.md#the-week).
 */
export function NotASaturday({
  saturday,
  page,
  children,
}: {
  saturday: string
  page: (saturday: string) => string
  children: ReactNode
}) {
  const reading = readDeliverySaturday(saturday)
  if (reading.ok) return children
  return (
    <section
      aria-labelledby="not-a-saturday-title"
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
    >
      <h1 id="not-a-saturday-title" className="text-2xl font-semibold text-forest">
        Not a delivery Saturday
      </h1>
      <p className="text-muted-foreground">{reading.message}.</p>
      {reading.nearest ? (
        <Button asChild>
          <Link to={page(reading.nearest)}>Go to the nearest Saturday</Link>
        </Button>
      ) : null}
    </section>
  )
}
