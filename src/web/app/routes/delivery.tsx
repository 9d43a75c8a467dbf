import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { PAGE_META } from '#shared/page-meta.ts'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { setSessionUser } from '#web/features/account/api/session.ts'
import { LogInPrompt } from '#web/features/account/components/log-in-prompt.tsx'
import { useSession } from '#web/features/account/hooks/use-session.ts'
import { Deliveries } from '#web/features/orders/components/deliveries.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /delivery (spec §2): upcoming and past deliveries, or a log-in prompt. */
export default function DeliveryRoute() {
  usePageTitle(PAGE_META.delivery.title)
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
        title="Log in to see your deliveries"
        intro="Follow this Saturday's box from the farm to your door, once you're signed in."
        returnTo="/delivery"
      />
    )
  }
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <PageHeader
        eyebrow="Your account"
        title="Your Deliveries"
        intro="Follow this Saturday's box from the farm to your door."
      />
      <Deliveries onSessionExpired={expire} />
    </div>
  )
}
