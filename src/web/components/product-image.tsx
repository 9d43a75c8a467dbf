import { cn } from '#web/lib/cn.ts'

const PLACEHOLDER = '/illustrations/placeholder-product.svg'

/** an uploaded image (/uploads/<uuid>.webp, 1200 px wide) also has 400 and 800 px copies */
const UPLOADED = /^\/uploads\/([0-9a-f-]{36})\.webp$/

function uploadedSources(src: string | null) {
  const key = src ? UPLOADED.exec(src)?.[1] : undefined
  if (!key) return {}
  return {
    srcSet: `/uploads/${key}-400.webp 400w, /uploads/${key}-800.webp 800w, /uploads/${key}.webp 1200w`,
    sizes: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  }
}

/**
 * A product's picture, square, with the placeholder when it has none (docs/product.md#catalogue).
 */
export function ProductImage({
  src,
  alt,
  className,
  size = 'w-full',
  fit = 'cover',
  eager = false,
}: {
  src: string | null
  alt: string
  /** the width of its box, or a thumbnail's fixed size */
  size?: 'w-full' | 'size-12' | 'size-24'
  /** `contain`: the whole picture, e.g. a producer's logo */
  fit?: 'cover' | 'contain'
  className?: string
  /** in view when the page opens: loaded at once and ahead of the other requests */
  eager?: boolean
}) {
  return (
    <img
      src={src ?? PLACEHOLDER}
      {...uploadedSources(src)}
      alt={alt}
      width={400}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PLACEHOLDER)) {
          event.currentTarget.srcset = ''
          event.currentTarget.src = PLACEHOLDER
        }
      }}
      className={cn(
        'aspect-square',
        size,
        fit === 'contain' ? 'object-contain' : 'object-cover',
        className,
      )}
    />
  )
}
