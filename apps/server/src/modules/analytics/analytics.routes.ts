import { analyticsQuery, analyticsResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { AnalyticsService } from '@/modules/analytics/analytics.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Analytics & Insights (issue 17); tests record views and compare the rollups through it. */
    analytics: AnalyticsService;
  }
}

/** Analytics & Insights (issue 17): the signed-in seller's own figures only. */
export const analyticsRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: AnalyticsService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/analytics',
      {
        onRequest: requireSeller(),
        schema: {
          tags: ['analytics'],
          security: [{ bearerAuth: [] }],
          summary:
            "The seller's figures for a period of Lagos days against the period before it: sales, orders, conversion, customers, refunds, charts and the live-show and blip funnels",
          querystring: analyticsQuery,
          response: { 200: analyticsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.overview(currentSeller(request).id, request.query),
    );
  };
