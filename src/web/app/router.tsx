import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from '#web/lib/router.tsx'
import { PAGE_PATHS, type PageName } from '#shared/routes.ts'
import NotFoundPage from './routes/not-found.tsx'
import { SiteShell } from './site-shell.tsx'

/**
 * Every page (docs/product.md#pages), from the shared path list. Every page loads on demand, the
 * home page too (issue 19: the other pages do not carry the landing page's sections), so the first
 * visit downloads only the shell and its own page; the server preloads the page's chunks with it
 * (src/server/plugins/web-app.ts PAGE_MODULES).
 */
const HomePage = lazy(() => import('./routes/home.tsx'))
const ShopPage = lazy(() => import('./routes/shop.tsx'))
const ProductPage = lazy(() => import('./routes/product.tsx'))
const ProducersPage = lazy(() => import('./routes/producers.tsx'))
const ProducerPage = lazy(() => import('./routes/producer.tsx'))
const AboutPage = lazy(() => import('./routes/about.tsx'))
const HowItWorksPage = lazy(() => import('./routes/how-it-works.tsx'))
const PressPage = lazy(() => import('./routes/press.tsx'))
const OurStandardsPage = lazy(() => import('./routes/our-standards.tsx'))
const RecipesPage = lazy(() => import('./routes/recipes.tsx'))
const BecomeVendorPage = lazy(() => import('./routes/become-vendor.tsx'))
const CorporateWellnessPage = lazy(() => import('./routes/corporate-wellness.tsx'))
const GiftCardsPage = lazy(() => import('./routes/gift-cards.tsx'))
const ContactPage = lazy(() => import('./routes/contact.tsx'))
const CancellationPolicyPage = lazy(() => import('./routes/cancellation-policy.tsx'))
const PrivacyPage = lazy(() => import('./routes/privacy.tsx'))
const TermsPage = lazy(() => import('./routes/terms.tsx'))
const InvitationPage = lazy(() => import('./routes/invitation.tsx'))
const LoginPage = lazy(() => import('./routes/login.tsx'))
const JoinPage = lazy(() => import('./routes/join.tsx'))
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password.tsx'))
const ResetPasswordPage = lazy(() => import('./routes/reset-password.tsx'))
const ProfilePage = lazy(() => import('./routes/profile.tsx'))
const CheckoutPage = lazy(() => import('./routes/checkout.tsx'))
const CheckoutAuthenticatePage = lazy(() => import('./routes/checkout-authenticate.tsx'))
const OrderSuccessPage = lazy(() => import('./routes/order-success.tsx'))
const OrderHistoryPage = lazy(() => import('./routes/order-history.tsx'))
const OrderPage = lazy(() => import('./routes/order.tsx'))
const DeliveryPage = lazy(() => import('./routes/delivery.tsx'))
const AdminDashboardPage = lazy(() => import('./routes/admin.tsx'))
const AdminProductsPage = lazy(() => import('./routes/admin-products.tsx'))
const AdminProducersPage = lazy(() => import('./routes/admin-producers.tsx'))
const AdminWeekRoutesPage = lazy(() => import('./routes/admin-week-routes.tsx'))
const DriverTodayPage = lazy(() => import('./routes/driver-today.tsx'))
const DriverPage = lazy(() => import('./routes/driver.tsx'))
const AdminWeekPage = lazy(() => import('./routes/admin-week.tsx'))
const AdminPackingSlipsPage = lazy(() => import('./routes/admin-packing-slips.tsx'))

const PAGES: Record<PageName, ComponentType | LazyExoticComponent<ComponentType>> = {
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
