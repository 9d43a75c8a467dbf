import type { CatalogService } from '../catalog/index.ts'
import { seoRoutes } from './seo.routes.ts'
import { createSeoService } from './seo.service.ts'

export function createSeoFeature(deps: {
  catalog: Pick<CatalogService, 'listProducts' | 'listProducers'>
  publicUrl: string
}) {
  const service = createSeoService(deps)
  return { service, routes: seoRoutes(service) }
}
