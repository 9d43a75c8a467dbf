import { cn } from '#web/lib/cn.ts'

const COMING_SOON = '/illustrations/producers/coming-soon.svg'

/** A producer's logo, or the "logo coming soon" badge when it has none (spec §2). */
export function ProducerLogo({
  name,
  imageUrl,
  className,
  eager = false,
}: {
  name: string
  imageUrl: string | null
  className?: string
  eager?: boolean
}) {
  return (
    <img
      src={imageUrl ?? COMING_SOON}
      alt={imageUrl ? `${name} logo` : 'Logo coming soon'}
      width={200}
      height={200}
      loading={eager ? 'eager' : 'lazy'}
      className={cn('aspect-square', className)}
    />
  )
}
