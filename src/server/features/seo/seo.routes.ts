import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { SeoService } from './seo.service.ts'

export function seoRoutes(seo: SeoService): FastifyPluginAsyncZod {
  return async (app) => {
    // crawlers fetch these rarely; an hour keeps them close to the catalogue
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await seo.sitemapXml()),
    )

    app.get('/robots.txt', (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(seo.robotsTxt()),
    )
  }
}
