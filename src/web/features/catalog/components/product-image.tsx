import { cn } from '#web/lib/cn.ts'

const PLACEHOLDER = '/illustrations/placeholder-product.svg'

/** A product's picture, square, with the placeholder when it has none (spec §2). */
export function ProductImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string | null
  alt: string
  className?: string
  eager?: boolean
}) {
  return (
    <img
      src={src ?? PLACEHOLDER}
      alt={alt}
      width={400}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PLACEHOLDER)) event.currentTarget.src = PLACEHOLDER
      }}
      className={cn('aspect-square w-full object-cover', className)}
    />
  )
}
