import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * The frame of the sign-in pages: a centred card holding the page's heading, a line of
 * introduction and the form, with an optional line under the card (e.g. "New here? Join").
 */
export function AuthCard({
  title,
  intro,
  icon,
  footer,
  className,
  children,
}: {
  title: ReactNode
  intro?: ReactNode
  /** a round badge above the heading, for confirmation and error views */
  icon?: ReactNode
  footer?: ReactNode
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={cn('mx-auto w-full max-w-md px-4 py-10 sm:py-16', className)}>
      <section
        aria-labelledby="auth-card-title"
        className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-2">
          {icon ? (
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-forest [&_svg]:size-6">
              {icon}
            </span>
          ) : null}
          <h1 id="auth-card-title" className="text-3xl font-semibold text-forest">
            {title}
          </h1>
          {intro ? <div className="text-muted-foreground">{intro}</div> : null}
        </div>
        {children}
      </section>
      {footer ? <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p> : null}
    </div>
  )
}
