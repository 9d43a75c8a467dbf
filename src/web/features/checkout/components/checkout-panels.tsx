import { TriangleAlertIcon, LoaderCircleIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'

/** A centred card for the moments between pages: saving the order, or what went wrong. */
export function CheckoutPanel({
  title,
  tone = 'default',
  headingLevel = 1,
  children,
  actions,
  inset = false,
  className,
}: {
  title: string
  tone?: 'default' | 'problem'
  headingLevel?: 1 | 2
  children?: ReactNode
  actions?: ReactNode
  /** inside another card: less room above and below, and no shadow of its own */
  inset?: boolean
  className?: string
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section
      role={tone === 'problem' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 text-center',
        inset ? 'py-8 shadow-none' : 'py-10 shadow-sm',
        tone === 'problem' ? 'border-destructive/40' : 'border-border',
        className,
      )}
    >
      {tone === 'problem' ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlertIcon className="size-6" aria-hidden />
        </span>
      ) : null}
      <Heading
        className={cn(
          'text-2xl font-semibold sm:text-3xl',
          tone === 'problem' ? 'text-destructive' : 'text-forest',
        )}
      >
        {title}
      </Heading>
      {children ? <div className="max-w-prose text-muted-foreground">{children}</div> : null}
      {actions ? <div className="flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </section>
  )
}

/** 'Finalizing your order...' while the order is saved. */
export function Finalizing({ className }: { className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'flex min-h-[50vh] flex-col items-center justify-center gap-4 py-20 text-center',
        className,
      )}
    >
      <LoaderCircleIcon className="size-10 animate-spin text-forest" aria-hidden />
      <p className="font-display text-2xl font-semibold text-forest">Finalizing your order...</p>
      <p className="text-muted-foreground">This takes a moment. Please keep this page open.</p>
    </div>
  )
}

/** After a payment that went through but whose order we could not save: where to go next. */
export function AfterPaymentLinks() {
  return (
    <>
      <Button asChild>
        <Link to="/order-history">View Order History</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/contact?subject=order">Contact support</Link>
      </Button>
    </>
  )
}
