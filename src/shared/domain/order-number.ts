/** The order number people see (spec §9): '#' and the first 8 characters of the id, upper-case. */
export const orderNumber = (id: string) => `#${id.slice(0, 8).toUpperCase()}`
