import { lazy, type ComponentType } from 'react'
import { Route, Routes } from '#web/lib/router.tsx'
import { PAGE_PATHS, matchPagePath, type PageName } from '#shared/routes.ts'
import { loadNotFoundPage, NotFoundPage } from './lazy-not-found.tsx'
import { SiteShell } from './site-shell.tsx'

/**
 * Every page (docs/product.md#pages), from the shared path list. Every page loads on demand, the
 * home page too (the other pages do not carry the landing page's sections), so the first
 * visit downloads only the shell and its own page; the server preloads the page's chunks with it
 * (src/server/plugins/web-app.ts PAGE_MODULES).
 */
type PageModule = { default: ComponentType }
type Page = ComponentType & { load?: () => Promise<PageModule> }

/** A page loaded on demand, whose module can also be fetched ahead of its first render. */
function lazyPage(load: () => Promise<PageModule>): Page {
  let loading: Promise<PageModule> | undefined
  const loadOnce = () => (loading ??= load())
  return Object.assign(lazy(loadOnce), { load: loadOnce })
}

const HomePage = lazyPage(() => import('./routes/home.tsx'))
const ShopPage = lazyPage(() => import('./routes/shop.tsx'))
const ProductPage = lazyPage(() => import('./routes/product.tsx'))
const ProducersPage = lazyPage(() => import('./routes/producers.tsx'))
const ProducerPage = lazyPage(() => import('./routes/producer.tsx'))
const AboutPage = lazyPage(() => import('./routes/about.tsx'))
const HowItWorksPage = lazyPage(() => import('./routes/how-it-works.tsx'))
const PressPage = lazyPage(() => import('./routes/press.tsx'))
const OurStandardsPage = lazyPage(() => import('./routes/our-standards.tsx'))
const RecipesPage = lazyPage(() => import('./routes/recipes.tsx'))
const BecomeVendorPage = lazyPage(() => import('./routes/become-vendor.tsx'))
const CorporateWellnessPage = lazyPage(() => import('./routes/corporate-wellness.tsx'))
const GiftCardsPage = lazyPage(() => import('./routes/gift-cards.tsx'))
const ContactPage = lazyPage(() => import('./routes/contact.tsx'))
const CancellationPolicyPage = lazyPage(() => import('./routes/cancellation-policy.tsx'))
const PrivacyPage = lazyPage(() => import('./routes/privacy.tsx'))
const TermsPage = lazyPage(() => import('./routes/terms.tsx'))
const InvitationPage = lazyPage(() => import('./routes/invitation.tsx'))
const LoginPage = lazyPage(() => import('./routes/login.tsx'))
const JoinPage = lazyPage(() => import('./routes/join.tsx'))
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password.tsx'))
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password.tsx'))
const ProfilePage = lazyPage(() => import('./routes/profile.tsx'))
const CheckoutPage = lazyPage(() => import('./routes/checkout.tsx'))
const CheckoutAuthenticatePage = lazyPage(() => import('./routes/checkout-authenticate.tsx'))
const OrderSuccessPage = lazyPage(() => import('./routes/order-success.tsx'))
const OrderHistoryPage = lazyPage(() => import('./routes/order-history.tsx'))
const OrderPage = lazyPage(() => import('./routes/order.tsx'))
const DeliveryPage = lazyPage(() => import('./routes/delivery.tsx'))
const AdminDashboardPage = lazyPage(() => import('./routes/admin.tsx'))
const AdminProductsPage = lazyPage(() => import('./routes/admin-products.tsx'))
const AdminProducersPage = lazyPage(() => import('./routes/admin-producers.tsx'))
const AdminWeekRoutesPage = lazyPage(() => import('./routes/admin-week-routes.tsx'))
const DriverTodayPage = lazyPage(() => import('./routes/driver-today.tsx'))
const DriverPage = lazyPage(() => import('./routes/driver.tsx'))
const AdminWeekPage = lazyPage(() => import('./routes/admin-week.tsx'))
const AdminPackingSlipsPage = lazyPage(() => import('./routes/admin-packing-slips.tsx'))

const PAGES: Record<PageName, Page> = {
  home: HomePage,
  shop: ShopPage,
  shopCategory: ShopPage,
  shopSubcategory: ShopPage,
  product: ProductPage,
  about: AboutPage,
  howItWorks: HowItWorksPage,
  press: PressPage,
  ourStandards: OurStandardsPage,
  producers: ProducersPage,
  producer: ProducerPage,
  recipes: RecipesPage,
  becomeVendor: BecomeVendorPage,
  corporateWellness: CorporateWellnessPage,
  giftCards: GiftCardsPage,
  contact: ContactPage,
  cancellationPolicy: CancellationPolicyPage,
  privacy: PrivacyPage,
  terms: TermsPage,
  invitation: InvitationPage,
  login: LoginPage,
  join: JoinPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  checkout: CheckoutPage,
  checkoutAuthenticate: CheckoutAuthenticatePage,
  orderSuccess: OrderSuccessPage,
  orderHistory: OrderHistoryPage,
  order: OrderPage,
  delivery: DeliveryPage,
  profile: ProfilePage,
  admin: AdminDashboardPage,
  adminProducts: AdminProductsPage,
  adminProducers: AdminProducersPage,
  adminWeekRoutes: AdminWeekRoutesPage,
  driverToday: DriverTodayPage,
  driver: DriverPage,
  adminWeek: AdminWeekPage,
  adminPackingSlips: AdminPackingSlipsPage,
}

/** Pages whose module has arrived, rendered as they are instead of through React.lazy. */
const loadedPages = new Map<PageName, ComponentType>()

/**
 * Fetches the module of the page at `pathname` (and the not-found page's, for an unknown address or
 * one the server answered 404 for) before the first render. A server render and the
 * browser's first render (hydration) both do, so both render the page itself, not a fallback.
 */
export async function loadPageModule(pathname: string, notFound = false): Promise<void> {
  const page = matchPagePath(pathname)?.page
  const load = page && PAGES[page].load
  await Promise.all([
    page && load ? load().then((module) => loadedPages.set(page, module.default)) : undefined,
    !page || notFound ? loadNotFoundPage() : undefined,
  ])
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteShell />}>
        {(Object.keys(PAGES) as PageName[]).map((name) => {
          const Page = loadedPages.get(name) ?? PAGES[name]
          return <Route key={name} path={PAGE_PATHS[name]} element={<Page />} />
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
