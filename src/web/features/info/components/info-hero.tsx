import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/** The banner at the top of an information page: eyebrow, title, a sentence or two. */
export function InfoHero({
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  eyebrow?: ReactNode
  title: ReactNode
  intro?: ReactNode
  children?: ReactNode
  className?: string
}) {
  return (
    <section className={cn('bg-forest text-cream', className)}>
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-butter uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="max-w-3xl text-3xl font-semibold text-white sm:text-5xl">{title}</h1>
        {intro ? <div className="max-w-2xl text-lg text-cream/90">{intro}</div> : null}
        {children}
      </div>
    </section>
  )
}

/** A titled band of an information page. */
export function InfoSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string
  title: ReactNode
  intro?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section aria-labelledby={id} className={cn('mx-auto max-w-7xl px-4 py-12 sm:px-6', className)}>
      <h2 id={id} className="text-2xl font-semibold text-forest sm:text-3xl">
        {title}
      </h2>
      {intro ? <div className="mt-3 max-w-3xl text-lg text-muted-foreground">{intro}</div> : null}
      <div className="mt-8">{children}</div>
    </section>
  )
}
