/** The signed-in customer's pages, as the user menu lists them (docs/product.md#pages). */
export const ACCOUNT_PAGES = [
  { to: '/order-history', label: 'Order History' },
  { to: '/delivery', label: 'Delivery' },
  { to: '/profile', label: 'Profile' },
] as const
