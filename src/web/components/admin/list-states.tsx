import type { UseQueryResult } from '@tanstack/react-query'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'

/** The states every admin list shares: loading, a failure with a retry, and empty. */
export function AdminLoading({ text }: { text: string }) {
  return (
    <p role="status" className="py-16 text-center text-muted-foreground">
      {text}
    </p>
  )
}

export function AdminLoadError({
  title,
  text,
  onRetry,
}: {
  title?: string
  text: string
  onRetry: () => void
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      {title ? <h2 className="text-xl font-semibold text-forest">{title}</h2> : null}
      <p className="max-w-md text-muted-foreground">{text}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

export function AdminEmpty({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon
  title: string
  text: string
  children?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-input bg-card px-6 py-14 text-center">
      <Icon className="size-10 text-sage" aria-hidden />
      <h3 className="text-xl font-semibold text-forest">{title}</h3>
      <p className="max-w-md text-muted-foreground">{text}</p>
      {children}
    </div>
  )
}

/** A number and what it counts, for the top of a tab. */
export function AdminCount({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex flex-col rounded-xl border border-border bg-card px-4 py-3">
      <span className="font-display text-2xl font-semibold text-forest tabular-nums">{value}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  )
}

/**
 * A list's query in its states: loading, failed with a retry, empty, or its data drawn by
 * `children`. Without `empty` an empty answer is drawn as any other.
 */
export function QueryStates<TData>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<TData>
  loading: string
  failed: { title?: string; text: string }
  empty?: { when: (data: TData) => boolean; icon: LucideIcon; title: string; text: string }
  children: (data: TData) => ReactNode
}) {
  if (query.isPending) return <AdminLoading text={loading} />
  if (query.isError) {
    return <AdminLoadError {...failed} onRetry={() => void query.refetch()} />
  }
  if (empty?.when(query.data)) {
    return <AdminEmpty icon={empty.icon} title={empty.title} text={empty.text} />
  }
  return children(query.data)
}
