import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API_TAG, textAnswer } from '../../plugins/api-reference.ts'
import type { SeoService } from './seo.service.ts'

export function seoRoutes(seo: SeoService): FastifyPluginAsyncZod {
  return async (app) => {
    // crawlers fetch these rarely; an hour keeps them close to the catalogue
    app.get(
      '/sitemap.xml',
      {
        schema: {
          summary: 'The sitemap: public pages, categories, products and producers',
          tags: [API_TAG.pages],
          response: { 200: textAnswer('application/xml', 'The sitemap (XML)') },
        },
      },
      async (_request, reply) =>
        reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(await seo.sitemapXml()),
    )

    app.get(
      '/robots.txt',
      {
        schema: {
          summary: 'robots.txt: what crawlers may read, and where the sitemap is',
          tags: [API_TAG.pages],
          response: { 200: textAnswer('text/plain', 'robots.txt') },
        },
      },
      async (_request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(seo.robotsTxt()),
    )
  }
}
