import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { User } from '#shared/schemas/auth.ts'
import { ApiError, apiGet } from '#web/lib/api-client.ts'

/**
 * Signed in or out is derived from the session (spec §4): GET /api/auth/session answers the
 * user, or 401 when signed out, which here is `null` rather than an error. Never retried.
 */
export const accountQueries = {
  session: () =>
    queryOptions({
      queryKey: ['session'] as const,
      queryFn: ({ signal }) => getSession(signal),
      retry: false,
    }),
}

export async function getSession(signal?: AbortSignal): Promise<User | null> {
  // a browser that never signed in has nothing to ask: every page would otherwise start with a
  // 401 (logged as an error by the browser) and a round trip before the header settles
  if (!mightBeSignedIn()) return null
  try {
    const user = await apiGet<User>('/api/auth/session', signal)
    rememberSignedIn(true)
    return user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      rememberSignedIn(false)
      return null
    }
    throw error
  }
}

/** After sign-in, registration, a profile change (the user) or sign-out (null). */
export function setSessionUser(queryClient: QueryClient, user: User | null) {
  rememberSignedIn(user !== null)
  queryClient.setQueryData(accountQueries.session().queryKey, user)
}

/**
 * A hint, not a credential: the session cookie is HttpOnly, so the browser keeps a note that
 * it signed in. Without storage (private modes) we always ask the server.
 */
const SIGNED_IN_HINT = 'signedIn'

function mightBeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT) !== null
  } catch {
    return true
  }
}

function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT, '1')
    else window.localStorage.removeItem(SIGNED_IN_HINT)
  } catch {
    // storage unavailable: getSession asks the server every time instead
  }
}
