import type { ReactNode } from 'react'
import { useHydrated } from '#web/lib/use-hydrated.ts'

/*
 * Each its own component: once hydrated, React redraws what depends on useHydrated in one
 * uninterrupted task, so only these small parts are redrawn, not the page around them (the
 * shop's whole grid was, a long task on a phone).
 */

/** A control only a visitor without JavaScript needs (a form's Apply button): gone once hydrated. */
export function NoScriptOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? null : children
}

/** What the server's HTML must not hold (it is per visitor): shown once hydrated. */
export function HydratedOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}
