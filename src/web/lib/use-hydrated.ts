import {
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type SyntheticEvent,
} from 'react'

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

/**
 * Whether a control still shows its no-JavaScript `<details>` stand-in, and the props that
 * stand-in takes. Shown in the server's render and while hydrating, as useHydrated says, and
 * after that for as long as the visitor keeps open a stand-in they opened before the app started
 * (the landing page starts it at their first action): swapping it then would close it under their
 * finger and drop what they typed. It gives way once they close it or follow a link in it.
 */
export function useNoScriptDisclosure() {
  const hydrated = useHydrated()
  const details = useRef<HTMLDetailsElement>(null)
  const [inUse, setInUse] = useState(false)
  // after the hydrating render's commit and before the render that would swap it
  useLayoutEffect(() => {
    if (details.current?.open) setInUse(true)
  }, [])
  const giveWay = () => setInUse(false)
  return {
    showsStandIn: !hydrated || inUse,
    standInProps: {
      ref: details,
      onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => {
        if (!event.currentTarget.open) giveWay()
      },
      onClick: (event: MouseEvent) => {
        if (event.target instanceof Element && event.target.closest('a')) giveWay()
      },
    },
  }
}

export type NoScriptDisclosureProps = ReturnType<typeof useNoScriptDisclosure>['standInProps']
