/** The signed-in customer's pages, as the user menu lists them (spec §2). */
export const ACCOUNT_PAGES = [
  { to: '/order-history', label: 'Order History' },
  { to: '/delivery', label: 'Delivery' },
  { to: '/profile', label: 'Profile' },
] as const
