import {
  createGiveawayBody,
  enterGiveawayResponse,
  featureGateErrorResponse,
  giveawayEntryResponse,
  giveawayIdParams,
  giveawayResponse,
  messageResponse,
  sellerGiveawaysResponse,
  showGiveawaysResponse,
  startGiveawayBody,
  streamIdParams,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { GiveawaysService } from '@/modules/giveaways/giveaways.service.ts';
import { currentBuyer, currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';

const tags = ['giveaways'];
const security = [{ bearerAuth: [] }];

/** Live Giveaways (issue 21): the seller's giveaways of a show, buyers' entries, the draw. */
export const giveawaysRoutes =
  ({
    giveaways,
    requireSeller,
    requireBuyer,
  }: {
    giveaways: GiveawaysService;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Like every live write of the seller: signed in, and through the SPEC section 5 gate.
    const gated = [requireSeller(), requireFeatureAccess];

    app.get(
      '/api/giveaways',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'The store’s giveaways, scheduled and past, with entrants, winners and draw records',
          response: { 200: sellerGiveawaysResponse, ...errorResponses(401) },
        },
      },
      async (request) => giveaways.ofSeller(currentSeller(request)),
    );

    app.get(
      '/api/streams/:id/giveaways',
      {
        schema: {
          tags,
          summary: 'A show’s giveaways, the running one first (public)',
          params: streamIdParams,
          response: { 200: showGiveawaysResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => giveaways.ofShow(request.params.id),
    );

    app.post(
      '/api/streams/:id/giveaways',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Add a giveaway item (a product, its variant and quantity) to one of your shows',
          params: streamIdParams,
          body: createGiveawayBody,
          response: {
            200: giveawayResponse,
            ...errorResponses(400, 401, 404, 409),
            403: featureGateErrorResponse,
          },
        },
      },
      async (request) => giveaways.create(currentSeller(request), request.params.id, request.body),
    );

    app.delete(
      '/api/giveaways/:id',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Remove a giveaway that has not started',
          params: giveawayIdParams,
          response: {
            200: messageResponse,
            ...errorResponses(400, 401, 404, 409),
            403: featureGateErrorResponse,
          },
        },
      },
      async (request) => giveaways.remove(currentSeller(request), request.params.id),
    );

    app.post(
      '/api/giveaways/:id/start',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Open a giveaway for entries in its live show; the server draws it at the end time',
          params: giveawayIdParams,
          body: startGiveawayBody,
          response: {
            200: giveawayResponse,
            ...errorResponses(400, 401, 404, 409),
            403: featureGateErrorResponse,
          },
        },
      },
      async (request) => giveaways.start(currentSeller(request), request.params.id, request.body),
    );

    app.post(
      '/api/giveaways/:id/draw',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'End a running giveaway now and draw its winner',
          params: giveawayIdParams,
          response: {
            200: giveawayResponse,
            ...errorResponses(400, 401, 404, 409),
            403: featureGateErrorResponse,
          },
        },
      },
      async (request) => giveaways.drawNow(currentSeller(request), request.params.id),
    );

    app.get(
      '/api/giveaways/:id/entry',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'Whether you entered a giveaway, and your order if you won (buyer token)',
          params: giveawayIdParams,
          response: { 200: giveawayEntryResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => giveaways.entry(currentBuyer(request), request.params.id),
    );

    app.post(
      '/api/giveaways/:id/entries',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'Enter a running giveaway, once per buyer account (buyer token)',
          params: giveawayIdParams,
          response: { 200: enterGiveawayResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => giveaways.enter(currentBuyer(request), request.params.id),
    );
  };
