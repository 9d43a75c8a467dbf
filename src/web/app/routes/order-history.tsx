import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { PAGE_META } from '#shared/page-meta.ts'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { setSessionUser } from '#web/features/account/api/session.ts'
import { LogInPrompt } from '#web/features/account/components/log-in-prompt.tsx'
import { useSession } from '#web/features/account/hooks/use-session.ts'
import { OrderHistory } from '#web/features/orders/components/order-history.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /order-history (spec §2): the customer's orders, or a log-in prompt. */
export default function OrderHistoryRoute() {
  usePageTitle(PAGE_META.orderHistory.title)
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
  if (!session.user) {
    return (
      <LogInPrompt
        title="Log in to see your orders"
        intro="Every order you place, what was in it and when it arrived, once you're signed in."
        returnTo="/order-history"
      />
    )
  }
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Your account" title="Order History" />
      <OrderHistory onSessionExpired={expire} />
    </div>
  )
}
