import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { SIGNED_IN_COOKIE } from '#shared/personal-state.ts'
import type { User } from '#shared/schemas/auth.ts'
import { ApiError, apiGet } from '#web/lib/api-client.ts'

/**
 * Signed in or out is what the server says (docs/product.md#accounts): GET /api/auth/session
 * answers the user, or 401 when signed out, which here is `null` rather than an error. Never
 * retried; asked again whenever the tab comes back into focus, so every tab agrees.
 */
export const accountQueries = {
  session: () =>
    queryOptions({
      queryKey: ['session'] as const,
      queryFn: ({ signal }) => getSession(signal),
      retry: false,
      refetchOnWindowFocus: 'always',
    }),
}

export async function getSession(signal?: AbortSignal): Promise<User | null> {
  // a browser signed in before the cookie existed asks once; the server then sets the cookie
  const hadSignedInNote = forgetSignedInNote()
  // a browser that is not signed in has nothing to ask: every page would otherwise start with a
  // 401 (logged as an error by the browser) and a round trip before the header settles
  if (!hasSignedInCookie() && !hadSignedInNote) return null
  try {
    return await apiGet<User>('/api/auth/session', signal)
  } catch (error) {
    // the server has cleared its cookies too, so the next call is not made
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** After sign-in, registration, a profile change (the user) or sign-out (null). */
export function setSessionUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(accountQueries.session().queryKey, user)
}

/**
 * The server sets `signed_in` beside its HttpOnly session cookie and clears it with it, with the
 * same expiry. A hint, not a credential: the session call still decides.
 */
function hasSignedInCookie(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`))
}

let signedInNoteForgotten = false

/**
 * Earlier versions kept a `signedIn` note in localStorage; the cookie replaced it. Removes the
 * note once, saying whether there was one.
 */
function forgetSignedInNote(): boolean {
  if (signedInNoteForgotten) return false
  signedInNoteForgotten = true
  try {
    const had = window.localStorage.getItem('signedIn') !== null
    window.localStorage.removeItem('signedIn')
    return had
  } catch {
    return false // storage blocked: there is no note to remove
  }
}
