/** The order number: '#' and the id's first 8 characters, upper-case (docs/product.md#orders). */
export const orderNumber = (id: string) => `#${id.slice(0, 8).toUpperCase()}`
