/**
 * The admin's catalogue queries, by root: a product change refreshes the producers (their product
 * counts) and a producer change the products (their farm's name).
 */
export const ADMIN_CATALOGUE_ROOTS = {
  products: ['admin', 'products'],
  producers: ['admin', 'producers'],
} as const
