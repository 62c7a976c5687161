import { storefrontParams, storefrontQuery, storefrontResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { StorefrontService } from '@/modules/storefront/storefront.service.ts';
import type { Limit } from '@/plugins/rate-limit.ts';

/** Per client address: a buyer browsing pages of products, with room to spare; a walker of links is stopped. */
export const DEFAULT_STOREFRONT_RATE_LIMIT: Limit = { max: 300, timeWindow: 60_000 };

export const storefrontRoutes =
  ({
    service,
    rateLimit = DEFAULT_STOREFRONT_RATE_LIMIT,
  }: {
    service: StorefrontService;
    rateLimit?: Limit;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/stores/:slug',
      {
        config: { rateLimit },
        schema: {
          tags: ['storefront'],
          summary:
            "A store's public page by its link: the store, its live and coming shows, blips and products on sale",
          params: storefrontParams,
          querystring: storefrontQuery,
          response: { 200: storefrontResponse, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.page(request.params.slug, request.query.page);
      },
    );
  };
