import { useQueryClient } from '@tanstack/react-query'
import { useCallback, type ReactNode } from 'react'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { setSessionUser } from '#web/features/account/api/session.ts'
import { LogInPrompt } from '#web/features/account/components/log-in-prompt.tsx'
import { useSession } from '#web/features/account/hooks/use-session.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * The frame of the customer's order pages (/order-history, /delivery, /orders/:id): 'Loading
 * orders...' while the session is read, a log-in prompt when signed out, else the header and
 * the page's content.
 */
export function OrdersPage({
  title,
  intro,
  wide = false,
  signedOut,
  children,
}: {
  title: string
  intro?: string
  /** room for a second column (an order's page) */
  wide?: boolean
  signedOut: { title: string; intro: string; returnTo: string }
  /** the list, told how to end a session the server no longer knows */
  children: (onSessionExpired: () => void) => ReactNode
}) {
  const session = useSession()
  const queryClient = useQueryClient()
  const expire = useCallback(() => setSessionUser(queryClient, null), [queryClient])

  if (session.isPending) {
    return (
      <p role="status" className="min-h-[60vh] py-24 text-center text-muted-foreground">
        Loading orders...
      </p>
    )
  }
  if (!session.user) return <LogInPrompt {...signedOut} />
  return (
    <div className={cn('mx-auto px-4 pb-16 sm:px-6', wide ? 'max-w-6xl' : 'max-w-4xl')}>
      <PageHeader eyebrow="Your account" title={title} {...(intro ? { intro } : {})} />
      {children(expire)}
    </div>
  )
}
