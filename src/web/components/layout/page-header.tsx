import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

export function PageHeader({
  title,
  intro,
  eyebrow,
  spacing = 'py-8 sm:py-12',
  className,
}: {
  title: ReactNode
  intro?: ReactNode
  eyebrow?: ReactNode
  /** the room above and below */
  spacing?: 'py-8 sm:py-12' | 'py-8 sm:py-10' | 'pt-4 pb-5 sm:pt-6 sm:pb-8'
  className?: string
}) {
  return (
    <div className={cn('flex flex-col gap-3', spacing, className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-forest uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="text-3xl font-semibold text-forest sm:text-4xl lg:text-5xl">{title}</h1>
      {intro ? <div className="max-w-2xl text-lg text-muted-foreground">{intro}</div> : null}
    </div>
  )
}
