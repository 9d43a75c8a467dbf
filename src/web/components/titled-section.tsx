import type { ReactNode } from 'react'

/** A titled card of a form: checkout's address and payment, an order change's items and delivery. */
export function TitledSection({
  title,
  titleId,
  children,
}: {
  title: string
  titleId: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="mb-5 text-xl font-semibold text-forest">
        {title}
      </h2>
      {children}
    </section>
  )
}
