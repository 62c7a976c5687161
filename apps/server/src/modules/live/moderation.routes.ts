import {
  activateProductBiddingBody,
  activateProductBiddingResponse,
  addModeratorBody,
  cohostingResponse,
  cohostResponse,
  featureGateErrorResponse,
  inviteCohostBody,
  moderatorParams,
  moderatorsResponse,
  mutedWordsBody,
  mutedWordsResponse,
  pinProductBody,
  pinProductResponse,
  roomStateResponse,
  showModerationResponse,
  slowModeBody,
  slowModeResponse,
  storeModerationResponse,
  streamIdParams,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { AuctionsService } from '@/modules/live/auctions.service.ts';
import type { ModerationService } from '@/modules/live/moderation.service.ts';
import type { TrayService } from '@/modules/live/tray.service.ts';
import { currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';

const tags = ['streams'];
const security = [{ bearerAuth: [] }];
const errors = errorResponses(400, 401, 404, 409);
const gatedErrors = { ...errors, 403: featureGateErrorResponse };

/**
 * Issue 21, the seller's command of the room: the store's moderators and muted words, a show's
 * slow mode and co-host, the room's public state, and the co-host's product rail. What happens in
 * the room itself (remove, mute, pin a comment) is the socket's `chat_moderate`.
 */
export const moderationRoutes =
  ({
    moderation,
    auctions,
    tray,
    requireSeller,
    requireBuyer,
  }: {
    moderation: ModerationService;
    auctions: Pick<AuctionsService, 'activate'>;
    tray: Pick<TrayService, 'pin'>;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const gated = [requireSeller(), requireFeatureAccess];

    app.get(
      '/api/live/moderation',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'The store’s moderators and muted words',
          response: { 200: storeModerationResponse, ...gatedErrors },
        },
      },
      async (request) => moderation.storeSettings(currentSeller(request)),
    );

    app.post(
      '/api/live/moderators',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Name a buyer a moderator of the store’s shows',
          body: addModeratorBody,
          response: { 200: moderatorsResponse, ...gatedErrors },
        },
      },
      async (request) => moderation.addModerator(currentSeller(request), request.body.buyerId),
    );

    app.delete(
      '/api/live/moderators/:buyerId',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Take a moderator’s powers away',
          params: moderatorParams,
          response: { 200: moderatorsResponse, ...gatedErrors },
        },
      },
      async (request) => moderation.removeModerator(currentSeller(request), request.params.buyerId),
    );

    app.put(
      '/api/live/muted-words',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'The words whose comments only their sender sees (the whole list)',
          body: mutedWordsBody,
          response: { 200: mutedWordsResponse, ...gatedErrors },
        },
      },
      async (request) => moderation.setMutedWords(currentSeller(request), request.body.words),
    );

    app.get(
      '/api/live/cohosting',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'The shows other sellers invited this seller to co-host',
          response: { 200: cohostingResponse, ...gatedErrors },
        },
      },
      async (request) => moderation.cohosting(currentSeller(request)),
    );

    app.get(
      '/api/streams/:id/moderation',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'A show’s slow mode, co-host and muted viewers (its seller)',
          params: streamIdParams,
          response: { 200: showModerationResponse, ...gatedErrors },
        },
      },
      async (request) => moderation.showSettings(currentSeller(request), request.params.id),
    );

    app.put(
      '/api/streams/:id/slow-mode',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'One comment per N seconds per viewer (0: off)',
          params: streamIdParams,
          body: slowModeBody,
          response: { 200: slowModeResponse, ...gatedErrors },
        },
      },
      async (request) =>
        moderation.setSlowMode(currentSeller(request), request.params.id, request.body.seconds),
    );

    app.put(
      '/api/streams/:id/cohost',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Invite a second seller account (by e-mail) to run the show’s product rail',
          params: streamIdParams,
          body: inviteCohostBody,
          response: { 200: cohostResponse, ...gatedErrors },
        },
      },
      async (request) =>
        moderation.inviteCohost(currentSeller(request), request.params.id, request.body.email),
    );

    app.delete(
      '/api/streams/:id/cohost',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Remove the show’s co-host',
          params: streamIdParams,
          response: { 200: cohostResponse, ...gatedErrors },
        },
      },
      async (request) => moderation.removeCohost(currentSeller(request), request.params.id),
    );

    app.get(
      '/api/streams/:id/room',
      {
        schema: {
          tags,
          summary:
            'The room (public): slow mode and the pinned comment; with a buyer token, what they may do',
          params: streamIdParams,
          response: { 200: roomStateResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const buyer = request.headers.authorization ? await requireBuyer(request).catch(() => null) : null;
        return moderation.room(request.params.id, buyer?.id ?? null);
      },
    );

    app.post(
      '/api/streams/:id/cohost/activate-product-bidding',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'The co-host opens bidding on a product of the show',
          params: streamIdParams,
          body: activateProductBiddingBody,
          response: { 200: activateProductBiddingResponse, ...gatedErrors },
        },
      },
      async (request) => {
        const host = await moderation.hostForCohost(currentSeller(request), request.params.id);
        return auctions.activate(
          host,
          request.params.id,
          request.body.productId,
          request.body.streamProductId,
        );
      },
    );

    app.post(
      '/api/streams/:id/cohost/pin',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'The co-host presents one of the show’s products to every viewer, or none',
          params: streamIdParams,
          body: pinProductBody,
          response: { 200: pinProductResponse, ...gatedErrors },
        },
      },
      async (request) => {
        const host = await moderation.hostForCohost(currentSeller(request), request.params.id);
        return tray.pin(host, request.params.id, request.body.productId);
      },
    );
  };
