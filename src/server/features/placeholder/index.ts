import { placeholderRoutes } from './placeholder.routes.ts'

/** GET /api/placeholder/{w}/{h}: the picture of a product or producer without one. */
export function createPlaceholderFeature() {
  return { routes: placeholderRoutes }
}
