import { Link } from '#web/lib/router.tsx'
import { SITE } from '#shared/site-content.ts'
import { cn } from '#web/lib/cn.ts'

export function Logo({
  className,
  tone = 'dark',
}: {
  className?: string
  tone?: 'dark' | 'light'
}) {
  return (
    <Link
      to="/"
      className={cn('inline-flex items-center gap-2.5', className)}
      aria-label={`${SITE.name}, home`}
    >
      <LogoMark className="size-9" />
      <LogoName
        className={cn('text-lg sm:text-xl', tone === 'light' ? 'text-cream' : 'text-forest')}
      />
    </Link>
  )
}

/** The shop's mark alone, decorative: whatever holds it names the shop. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('shrink-0', className)} aria-hidden>
      <rect width="64" height="64" rx="14" fill="#2F5D3A" />
      <path d="M32 50V27" stroke="#FBF6EC" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M32 30c-9 0-15-6-15-15 9 0 15 6 15 15zM32 36c8 0 13-5 13-13-8 0-13 5-13 13z"
        fill="#A9C29B"
      />
      <path d="M18 50h28" stroke="#F4C95D" strokeWidth="4" strokeLinecap="round" />
    </svg>
  )
}

/**
 * The shop's name as the logo sets it: "Houston" small above the short name. The caller gives the
 * text size (text-lg, text-base...), whose own line height the two lines keep.
 */
export function LogoName({ className }: { className?: string }) {
  return (
    <span className={cn('font-display font-semibold tracking-tight whitespace-nowrap', className)}>
      {/* the space keeps the words apart in the link's text, where the line break does not */}
      <span className="block text-[0.7em] font-medium tracking-wide uppercase">Houston</span>{' '}
      {SITE.shortName}
    </span>
  )
}
