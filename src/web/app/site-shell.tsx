import { lazy, Suspense, use, useEffect } from 'react'
import { NavigationType, Outlet, useLocation, useNavigationType } from '#web/lib/router.tsx'
import { SiteFooter } from '#web/components/layout/site-footer.tsx'
import { SiteHeader } from '#web/components/layout/site-header.tsx'
import { AccountMenu, DrawerAccountMenu } from '#web/features/account/components/account-menu.tsx'
import { BasketButton } from '#web/features/basket/components/basket-button.tsx'
import { LazyBasketDrawer } from '#web/features/basket/components/lazy-basket-drawer.tsx'
import { HeaderSearch } from '#web/features/catalog/components/header-search.tsx'
import { NewsletterForm } from '#web/features/marketing/components/newsletter-form.tsx'
import { HeaderZipCheck } from '#web/features/service-area/components/header-zip-check.tsx'
import { matchPagePath } from '#shared/routes.ts'
import { RouteErrorBoundary } from './route-error-boundary.tsx'
import { NotFoundPathContext } from './not-found-path.ts'
import { NotFoundPage } from './lazy-not-found.tsx'

// shown only for a ZIP we do not serve (the header's "Sorry!" dialog, the basket drawer's ZIP
// check), so it loads with that answer
const NotifyMeForm = lazy(() =>
  import('#web/features/marketing/components/notify-me-form.tsx').then((module) => ({
    default: module.NotifyMeForm,
  })),
)
// the basket drawer's My Orders: the orders feature's, loaded when it is first shown
const BasketMyOrders = lazy(() => import('./basket-my-orders.tsx'))
const basketMyOrders = (close: () => void) => (
  <Suspense fallback={null}>
    <BasketMyOrders onLeave={close} />
  </Suspense>
)

const notifyMe = (zip: string) => (
  <Suspense fallback={null}>
    <NotifyMeForm zip={zip} />
  </Suspense>
)

/** The frame of the shop's pages: header, the page, footer. */
export function SiteShell() {
  const { pathname } = useLocation()
  useScrollToTopOnNavigation(pathname)
  const matched = matchPagePath(pathname)
  // a product or producer the server found missing: its not-found page, as the server sent it
  const page = pathname === use(NotFoundPathContext) ? undefined : matched
  // the admin's pages are a workplace: their frame comes with them, in their own lazily loaded
  // modules (src/web/app/admin-page.tsx), not the shop's header and footer (docs/product.md#admin)
  if (page?.page.startsWith('admin')) {
    return (
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    )
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader
        zipCheck={<HeaderZipCheck renderUnavailable={notifyMe} />}
        account={<AccountMenu />}
        mobileMenuExtras={
          <>
            <DrawerAccountMenu />
            <HeaderZipCheck tone="light" renderUnavailable={notifyMe} />
          </>
        }
        actions={
          <>
            <HeaderSearch />
            <BasketButton />
          </>
        }
      />
      {/* at least a screen tall: the footer starts out of view, so a page that loads its content
          after the first paint does not push it down in sight (Lighthouse CLS); svh, because the
          dynamic height changes as a phone's address bar hides */}
      <main id="main" className="min-h-svh flex-1">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            {/* the same page list the server answers 404 from (/shop/toys, /product/42...) */}
            {page ? <Outlet /> : <NotFoundPage about={matched?.page} />}
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter newsletter={<NewsletterForm />} />
      <LazyBasketDrawer myOrders={basketMyOrders} renderUnavailable={notifyMe} />
    </div>
  )
}

function PageLoading() {
  return (
    <p className="min-h-[60vh] py-24 text-center text-muted-foreground" role="status">
      Loading…
    </p>
  )
}

/** A new page starts at its top; back and forward keep the browser's own scroll position. */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType()
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo({ top: 0, behavior: 'instant' })
  }, [pathname, navigationType])
}
