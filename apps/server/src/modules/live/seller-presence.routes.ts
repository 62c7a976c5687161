import { sellerPresenceResponse, streamIdParams } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { SellerPresenceService } from '@/modules/live/seller-presence.service.ts';

/** Whether a live show's seller is away (issue 20), for a watch page that opens meanwhile. */
export const sellerPresenceRoutes =
  ({ presence }: { presence: Pick<SellerPresenceService, 'presence'> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/streams/:id/seller-presence',
      {
        schema: {
          tags: ['streams'],
          summary:
            'Whether the show’s seller is reconnecting (public): bids and the clock are paused meanwhile',
          params: streamIdParams,
          response: { 200: sellerPresenceResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => presence.presence(request.params.id),
    );
  };
