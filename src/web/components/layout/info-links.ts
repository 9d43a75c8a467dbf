/** The info links of the top strip, the mobile menu and the footer (docs/product.md#pages). */
export const INFO_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/producers', label: 'Our Producers' },
  { to: '/recipes', label: 'Recipes' },
  { to: '/become-vendor', label: 'Become a Vendor' },
  { to: '/corporate-wellness', label: 'Corporate Wellness' },
  { to: '/contact', label: 'Contact' },
  { to: '/gift-cards', label: 'Gift Cards' },
] as const

/** The shop's policies: the footer's bottom row and the policy pages' tabs (docs/product.md#policies). */
export const POLICY_LINKS = [
  { to: '/cancellation-policy', label: 'Cancellation Policy' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const
