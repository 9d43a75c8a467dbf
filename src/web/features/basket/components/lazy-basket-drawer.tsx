import { lazy, Suspense, useState, type ComponentProps } from 'react'
import { useBasket } from '../basket-provider.tsx'

const BasketDrawer = lazy(() =>
  import('./basket-drawer.tsx').then((module) => ({ default: module.BasketDrawer })),
)

/**
 * The basket drawer, loaded the first time it opens: the landing page's JavaScript budget
 * (150 KB gzipped) has no room for a drawer nobody has asked for yet.
 */
export function LazyBasketDrawer(props: ComponentProps<typeof BasketDrawer>) {
  const { isOpen } = useBasket()
  const [wanted, setWanted] = useState(isOpen)
  if (isOpen && !wanted) setWanted(true)
  return wanted ? (
    <Suspense fallback={null}>
      <BasketDrawer {...props} />
    </Suspense>
  ) : null
}
