import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from 'react-router'
import { PAGE_PATHS, type PageName } from '#shared/routes.ts'
import HomePage from './routes/home.tsx'
import NotFoundPage from './routes/not-found.tsx'
import { UpcomingPage } from './routes/upcoming-page.tsx'
import { SiteShell } from './site-shell.tsx'

/**
 * Every page of spec §2, from the shared path list. Pages other than the home page load on
 * demand, so the first visit downloads only the shell and its own page. (React Router's
 * declarative mode: the data-router mode would double the router's share of the bundle.)
 */
const ShopPage = lazy(() => import('./routes/shop.tsx'))
const ProductPage = lazy(() => import('./routes/product.tsx'))

const upcoming = (title: string) => () => <UpcomingPage title={title} />

const PAGES: Record<PageName, ComponentType | LazyExoticComponent<ComponentType>> = {
  home: HomePage,
  shop: ShopPage,
  shopCategory: ShopPage,
  shopSubcategory: ShopPage,
  product: ProductPage,
  about: upcoming('About Us'),
  howItWorks: upcoming('How it Works'),
  press: upcoming('Press'),
  ourStandards: upcoming('Our Standards'),
  producers: upcoming('Meet Your Local Producers'),
  producer: upcoming('Our Producers'),
  recipes: upcoming('Recipes'),
  becomeVendor: upcoming('Grow Your Business With Us'),
  corporateWellness: upcoming('Corporate Wellness'),
  giftCards: upcoming('Gift Cards'),
  contact: upcoming('Contact Us'),
  login: upcoming('Log in'),
  join: upcoming('Join'),
  forgotPassword: upcoming('Forgot your password?'),
  resetPassword: upcoming('Reset your password'),
  checkout: upcoming('Checkout'),
  orderSuccess: upcoming('Order Confirmed'),
  orderHistory: upcoming('Order History'),
  delivery: upcoming('Your Deliveries'),
  profile: upcoming('Your Profile'),
  admin: upcoming('Admin'),
  adminProducts: upcoming('Admin: Products'),
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteShell />}>
        {(Object.keys(PAGES) as PageName[]).map((name) => {
          const Page = PAGES[name]
          return <Route key={name} path={PAGE_PATHS[name]} element={<Page />} />
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
