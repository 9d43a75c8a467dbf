/**
 * Site-wide content kept in one place (docs/product.md#site-content): the shop's name, the launch
 * text and the contact details shown in the header, footer, contact page and e-mails.
 */
export const SITE = {
  name: 'Houston Farm to Door',
  shortName: 'Farm to Door',
  tagline: 'Food from named farms within 75 miles of Houston, at your door on Saturday.',
  launchText: 'Launching Fall 2025',
  phone: { display: '(713) 555-0147', href: 'tel:+17135550147' },
  email: 'hello@houstonfarmtodoor.com',
  address: {
    label: 'Warehouse & kitchen',
    street: '2410 Commerce Street',
    city: 'Houston',
    state: 'TX',
    zip: '77003',
  },
  social: [
    { name: 'Instagram', href: 'https://instagram.com/houstonfarmtodoor' },
    { name: 'Facebook', href: 'https://facebook.com/houstonfarmtodoor' },
  ],
} as const

/** "About Us | Houston Farm to Door"; the home page is the shop's name alone. */
export function documentTitle(title: string): string {
  return title === SITE.name ? title : `${title} | ${SITE.name}`
}
