/**
 * The roots of the query keys one feature's change must refresh in another: an admin's product
 * edit refreshes the shop's product queries, a delivery-status change the customer's orders, a
 * contact message the admin's inbox. Each feature builds its own keys under its root.
 */
export const QUERY_ROOTS = {
  products: ['products'],
  producers: ['producers'],
  myOrders: ['orders', 'mine'],
  adminMessages: ['admin', 'contact-messages'],
  /** the customer's saved cards: the profile adds and removes them, checkout and changes use them */
  savedCards: ['payment-methods'],
} as const
