import { cn } from '#web/lib/cn.ts'

const COMING_SOON = '/illustrations/producers/coming-soon.svg'

/** an uploaded logo (/uploads/<uuid>.webp) has a 400 px copy, plenty for a logo */
const UPLOADED = /^\/uploads\/([0-9a-f-]{36})\.webp$/
const logoSource = (imageUrl: string) => {
  const key = UPLOADED.exec(imageUrl)?.[1]
  return key ? `/uploads/${key}-400.webp` : imageUrl
}

/** A producer's logo, or the "logo coming soon" badge when it has none (docs/product.md#catalogue). */
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
      src={imageUrl ? logoSource(imageUrl) : COMING_SOON}
      alt={imageUrl ? `${name} logo` : 'Logo coming soon'}
      width={200}
      height={200}
      loading={eager ? 'eager' : 'lazy'}
      className={cn('aspect-square object-contain', className)}
    />
  )
}
