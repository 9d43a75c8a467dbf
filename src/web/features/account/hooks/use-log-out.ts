import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '#web/lib/router.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { logOut } from '../api/log-out.ts'
import { setSessionUser } from '../api/session.ts'

/**
 * Log out (docs/product.md#accounts): a toast, the cached session cleared and the visitor sent to
 * /. The toasts and the navigation sit on the mutation itself, not on mutate(): the mobile drawer
 * that holds the button closes (and unmounts) before the answer arrives.
 */
export function useLogOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => {
      setSessionUser(queryClient, null)
      // anything cached besides the session may be the signed-out account's (orders,
      // deliveries, admin lists); the public catalogue simply loads again
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' })
      toast({
        title: 'Logged out successfully',
        description: 'You have been signed out of your account.',
      })
      void navigate('/')
    },
    onError: () =>
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: 'There was a problem signing out. Please try again.',
      }),
  })
}
