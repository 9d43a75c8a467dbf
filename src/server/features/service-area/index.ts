import { serviceAreaRoutes } from './service-area.routes.ts'

/** GET /api/service-area/{zip}: whether the shop delivers there (docs/product.md#service-area). */
export function createServiceAreaFeature() {
  return { routes: serviceAreaRoutes }
}
