import type { PageName } from './routes.ts'
import { SITE } from './site-content.ts'

/**
 * Each page's <title> and meta description. The server writes them into the page it sends (so
 * crawlers and link previews see them without running the app) and the app keeps them as the
 * visitor moves around. Pages about one thing (a product, a producer, a category) refine the
 * title once they know it.
 */
export interface PageMeta {
  readonly title: string
  readonly description: string
  /** pages kept out of search engines (robots.txt and a noindex meta) */
  readonly private?: boolean
}

const shop =
  'Produce, meat, dairy, bread and pantry goods from named farms within 75 miles of Houston'

export const PAGE_META: Record<PageName, PageMeta> = {
  home: {
    title: SITE.name,
    description: `${shop}, delivered to your door every Saturday between 5:00 AM and 5:00 PM.`,
  },
  about: {
    title: 'About Us',
    description: `Why we started ${SITE.name}: fair prices for Texas farmers, less waste, and food that tastes like it should.`,
  },
  howItWorks: {
    title: 'How it Works',
    description:
      'Order by Wednesday evening; farmers harvest Thursday, we pack Friday and deliver Saturday. Check your ZIP.',
  },
  press: {
    title: 'Press',
    description: `${SITE.name} in the news, and how to reach us for a story.`,
  },
  ourStandards: {
    title: 'Our Standards',
    description:
      'How we choose our farms: sustainable farming, animal welfare, food safety and a quality guarantee.',
  },
  producers: {
    title: 'Meet Your Local Producers',
    description:
      'The farms, ranches, bakers and roasters near Houston whose food we deliver, and their stories.',
  },
  producer: {
    title: 'Our Producers',
    description: 'A farm or maker near Houston, its story and what it grows.',
  },
  recipes: {
    title: 'Recipes',
    description: 'Simple recipes for what is in season around Houston. Coming soon.',
  },
  becomeVendor: {
    title: 'Grow Your Business With Us',
    description:
      'Farmers and food makers within 75 miles of Houston: sell to thousands of households, paid above wholesale.',
  },
  corporateWellness: {
    title: 'Corporate Wellness',
    description: 'Fresh local produce and snacks for Houston teams of 5 to 50 and more.',
  },
  giftCards: {
    title: 'Gift Cards',
    description: `Give fresh local food: ${SITE.name} digital gift cards are coming soon.`,
  },
  contact: {
    title: 'Contact Us',
    description: 'Questions about an order, a partnership or the press: we reply within 24 hours.',
  },
  cancellationPolicy: {
    title: 'Cancellation Policy',
    description:
      'Change or cancel your order until Wednesday 8:00 PM before your Saturday delivery: what happens to the card hold, refunds and failed payments.',
  },
  privacy: {
    title: 'Privacy Policy',
    description: `What ${SITE.name} stores about you, why, for how long, and how to ask us to delete it.`,
  },
  terms: {
    title: 'Terms of Service',
    description: `The terms of ordering from ${SITE.name}: delivery area and days, prices, substitutions, payment at the cut-off and our liability.`,
  },
  shop: { title: 'Shop the Farm', description: `${shop}. Delivered Saturday.` },
  shopCategory: { title: 'Shop', description: `${shop}. Delivered Saturday.` },
  shopSubcategory: { title: 'Shop', description: `${shop}. Delivered Saturday.` },
  product: { title: 'Product', description: `${shop}. Delivered Saturday.` },
  login: { title: 'Log in', description: `Log in to ${SITE.name}.`, private: true },
  join: { title: 'Join', description: `Create your ${SITE.name} account.`, private: true },
  forgotPassword: {
    title: 'Forgot your password?',
    description: 'Reset your password.',
    private: true,
  },
  resetPassword: {
    title: 'Reset your password',
    description: 'Choose a new password.',
    private: true,
  },
  checkout: { title: 'Checkout', description: 'Pay for your order.', private: true },
  checkoutAuthenticate: {
    title: 'Verify your payment',
    description: 'Confirm your demo payment with your bank.',
    private: true,
  },
  orderSuccess: {
    title: 'Order Confirmed',
    description: 'Your order is confirmed.',
    private: true,
  },
  orderHistory: { title: 'Order History', description: 'Your orders.', private: true },
  order: {
    title: 'Your Order',
    description: 'Your order: change or cancel it until the cut-off.',
    private: true,
  },
  delivery: {
    title: 'Your Deliveries',
    description: 'Your upcoming and past deliveries.',
    private: true,
  },
  profile: {
    title: 'Your Profile',
    description: 'Your details and delivery address.',
    private: true,
  },
  invitation: {
    title: 'Your invitation',
    description: `Join the ${SITE.name} team.`,
    private: true,
  },
  admin: { title: 'Admin', description: 'Shop administration.', private: true },
  adminProducts: { title: 'Admin: Products', description: 'Shop administration.', private: true },
  adminProducers: { title: 'Admin: Producers', description: 'Shop administration.', private: true },
  adminWeekRoutes: { title: 'Admin: Routes', description: 'Saturday routes.', private: true },
  driverToday: { title: 'Deliveries', description: 'The driver’s deliveries.', private: true },
  driver: { title: 'Deliveries', description: 'The driver’s deliveries.', private: true },
  adminWeek: { title: 'Admin: This Week', description: 'Shop administration.', private: true },
  adminPackingSlips: {
    title: 'Admin: Packing Slips',
    description: 'Shop administration.',
    private: true,
  },
}
