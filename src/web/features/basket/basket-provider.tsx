import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { useSearchParams } from '#web/lib/router.tsx'
import {
  addItem,
  itemQuantity,
  lineKey,
  removeLine,
  updateQuantity,
  type BasketItem,
  type NewBasketItem,
} from './basket-lines.ts'
import { basketStore } from './basket-store.ts'

interface AddOptions {
  quantity?: number
  openDrawer?: boolean
}

export interface Basket {
  readonly lines: readonly BasketItem[]
  /** how many lines (products), the number on the basket button (docs/product.md#basket) */
  readonly lineCount: number
  /**
   * adds one, or `quantity` of the item; `openDrawer: false` for a card's quick add, which
   * confirms with a toast instead
   */
  add(item: NewBasketItem, options?: AddOptions): void
  remove(key: string): void
  updateQuantity(key: string, quantity: number): void
  getItemQuantity(productId: string): number
  clear(): void
  /** the basket drawer */
  readonly isOpen: boolean
  open(): void
  close(): void
  setOpen(open: boolean): void
}

export { lineKey }

/** The window event that opens the basket from anywhere (docs/product.md#basket). */
export const OPEN_CART_EVENT = 'openCart'

const BasketContext = createContext<Basket | null>(null)

export function BasketProvider({ children }: { children: ReactNode }) {
  const lines = useSyncExternalStore(
    basketStore.subscribe,
    basketStore.getSnapshot,
    basketStore.getServerSnapshot,
  )
  const [isOpen, setOpen] = useState(false)
  const [searchParams, setSearchParams] = useSearchParams()

  useEffect(() => {
    const openCart = () => setOpen(true)
    window.addEventListener(OPEN_CART_EVENT, openCart)
    return () => window.removeEventListener(OPEN_CART_EVENT, openCart)
  }, [])

  // ?cart=open opens the basket, and the query is then removed (docs/product.md#basket)
  const cartQuery = searchParams.get('cart')
  useEffect(() => {
    if (cartQuery !== 'open') return
    // eslint-disable-next-line react-hooks/set-state-in-effect -- following the URL, an outside system
    setOpen(true)
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('cart')
        return next
      },
      { replace: true },
    )
  }, [cartQuery, setSearchParams])

  const add = useCallback(
    (item: NewBasketItem, { quantity = 1, openDrawer = true }: AddOptions = {}) => {
      // the first item into an empty basket opens it, except from a card (docs/product.md#basket)
      if (openDrawer && basketStore.getSnapshot().length === 0) setOpen(true)
      basketStore.update((current) => addItem(current, item, quantity))
    },
    [],
  )

  const basket = useMemo<Basket>(
    () => ({
      lines,
      lineCount: lines.length,
      add,
      remove: (key) => basketStore.update((current) => removeLine(current, key)),
      updateQuantity: (key, quantity) =>
        basketStore.update((current) => updateQuantity(current, key, quantity)),
      getItemQuantity: (productId) => itemQuantity(lines, productId),
      clear: () => basketStore.update(() => []),
      isOpen,
      open: () => setOpen(true),
      close: () => setOpen(false),
      setOpen,
    }),
    [lines, add, isOpen],
  )
  return <BasketContext value={basket}>{children}</BasketContext>
}

export function useBasket(): Basket {
  const basket = use(BasketContext)
  if (!basket) throw new Error('useBasket must be used inside <BasketProvider>')
  return basket
}
