/**
 * Where a browser keeps what makes a visit personal, named once for the server (which sets the
 * cookie and tells the boot script what to look for) and the client (which reads both).
 */

/**
 * Set and cleared with the HttpOnly session cookie, with the same expiry, and readable by the
 * page. It holds no secret, only `1`: a hint that the session call is worth making.
 */
export const SIGNED_IN_COOKIE = 'signed_in'

/** The basket in localStorage (docs/product.md#basket); removed when the basket is empty. */
export const BASKET_STORAGE_KEY = 'cart'

/**
 * The ZIP the visitor last checked, five digits, in localStorage (docs/product.md#service-area).
 * Not personal for the boot script: the server's HTML never shows it (only the basket drawer and
 * the join form read it, and both need the app anyway), so it does not start the landing page's
 * app at once as the basket does.
 */
export const DELIVERY_ZIP_STORAGE_KEY = 'delivery-zip'
