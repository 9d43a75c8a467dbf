import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server's render and in the browser's first render over it (hydration), true from
 * then on and in every render the browser makes by itself. Controls that only a visitor without
 * JavaScript needs (a form's Apply button, a <details> fallback for a drawer) are shown while it
 * is false, so the server's HTML and the hydrating render stay identical
 * (docs/product.md#without-javascript).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
