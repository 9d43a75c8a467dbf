import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '../api/session.ts'

/** The signed-in user (or null), and whether the session is still being asked for. */
export function useSession() {
  const session = useQuery(accountQueries.session())
  return {
    user: session.data ?? null,
    isPending: session.isPending,
    isError: session.isError,
    refetch: session.refetch,
  }
}
