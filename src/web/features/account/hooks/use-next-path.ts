import { nextPathOf } from '#shared/routes.ts'
import { useSearchParams } from '#web/lib/router.tsx'

/** The page the log-in and join pages go on to (their `?next=`, a path of this site only). */
export function useNextPath(): string | undefined {
  const [searchParams] = useSearchParams()
  return nextPathOf(searchParams.get('next'))
}
