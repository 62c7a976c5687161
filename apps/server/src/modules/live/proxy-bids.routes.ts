import {
  myMaxBidsResponse,
  setMaxBidBody,
  setMaxBidErrorResponse,
  setMaxBidResponse,
  streamIdParams,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { ProxyBidsService } from '@/modules/live/proxy-bids.service.ts';
import type { RequireBuyer } from '@/plugins/auth.ts';
import { currentBuyer } from '@/plugins/auth.ts';

const tags = ['streams'];
const security = [{ bearerAuth: [] }];

/** Pre-bids and max bids (issue 21): a buyer sets theirs and reads only theirs. */
export const proxyBidsRoutes =
  ({
    proxyBids,
    requireBuyer,
  }: {
    proxyBids: ProxyBidsService;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/streams/:id/max-bids',
      {
        // Authenticated first, so the write rate limit counts per buyer.
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary:
            'Set or raise the buyer’s max bid on a product of the show (a pre-bid before its auction starts); the server bids for them up to it',
          params: streamIdParams,
          body: setMaxBidBody,
          response: {
            200: setMaxBidResponse,
            ...errorResponses(401, 404),
            400: setMaxBidErrorResponse,
            409: setMaxBidErrorResponse,
          },
        },
      },
      async (request) => {
        const buyer = currentBuyer(request);
        return proxyBids.setMax({ id: buyer.id, name: buyer.name }, request.params.id, request.body);
      },
    );

    app.get(
      '/api/streams/:id/max-bids/mine',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'The buyer’s own max bids and pre-bids on the show, and whether each is winning',
          params: streamIdParams,
          response: { 200: myMaxBidsResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => proxyBids.mine(currentBuyer(request).id, request.params.id),
    );
  };
