import {
  featureGateErrorResponse,
  pinProductBody,
  pinProductResponse,
  streamIdParams,
  trayResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { TrayService } from '@/modules/live/tray.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';

const tags = ['streams'];

/** A show's product tray (public) and the seller's pin (issue 14). */
export const trayRoutes =
  ({ tray, requireSeller }: { tray: TrayService; requireSeller: RequireSeller }): FastifyPluginAsyncZod =>
  async (app) => {
    // Like every other live write of the seller: signed in, and through the SPEC section 5 gate.
    const gated = [requireSeller(), requireFeatureAccess];

    app.get(
      '/api/streams/:id/tray',
      {
        schema: {
          tags,
          summary: 'The products viewers can buy in a show, with prices, stock and variants (public)',
          params: streamIdParams,
          response: { 200: trayResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => tray.tray(request.params.id),
    );

    app.post(
      '/api/streams/:id/pin',
      {
        onRequest: gated,
        schema: {
          tags,
          security: [{ bearerAuth: [] }],
          summary: 'Present one of the show’s products to every viewer, or none (productId null)',
          params: streamIdParams,
          body: pinProductBody,
          response: {
            200: pinProductResponse,
            ...errorResponses(400, 401, 404, 409),
            403: featureGateErrorResponse,
          },
        },
      },
      async (request) => tray.pin(currentSeller(request), request.params.id, request.body.productId),
    );
  };
