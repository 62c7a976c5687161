import multipart from '@fastify/multipart';
import {
  activateProductBiddingBody,
  activateProductBiddingResponse,
  createLiveAuctionBody,
  endStreamResponse,
  featureGateErrorResponse,
  joinSellerResponse,
  mediaPathParams,
  openLiveShowBody,
  placeBidBody,
  placeBidErrorResponse,
  placeBidResponse,
  renewTokenResponse,
  rescheduleExpiredBody,
  sellerIdParams,
  sellerStreamsQuery,
  sellerStreamsResponse,
  streamCommentsQuery,
  streamCommentsResponse,
  streamDetailsResponse,
  streamIdParams,
  streamMediaUploadResponse,
  streamResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { sendMediaFile } from '@/lib/media-response.ts';
import type { AuctionsService } from '@/modules/live/auctions.service.ts';
import type { StreamChatService } from '@/modules/live/stream-chat.service.ts';
import type { StreamMedia } from '@/modules/live/stream-media.ts';
import type { StreamsService } from '@/modules/live/streams.service.ts';
import { currentBuyer, currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
/** The seller calls SPEC section 5 gates answer 403 `{ message, code }` to a seller the gate refuses. */
const gatedErrors = { ...errors, 403: featureGateErrorResponse };
const tags = ['streams'];
const security = [{ bearerAuth: [] }];

export const liveRoutes =
  ({
    streams,
    auctions,
    chat,
    media,
    requireSeller,
    requireBuyer,
  }: {
    streams: StreamsService;
    auctions: AuctionsService;
    chat: Pick<StreamChatService, 'recent'>;
    media: StreamMedia;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // One file per request; receiveForm sets each field's cap.
    await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, headerPairs: 100 } });
    const seller = requireSeller();
    // SPEC section 5: every live-stream feature needs a verified e-mail and a pickup address. The
    // seller's list of their own shows stays open: the web shows it (home, scheduled and past
    // shows) outside the route guard, and reading it changes nothing.
    const gated = [seller, requireFeatureAccess];

    app.post(
      '/api/streams/open-live-show',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Schedule an Open Live Show (or start it immediately)',
          body: openLiveShowBody,
          response: { 201: streamResponse, ...gatedErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await streams.createOpenLiveShow(currentSeller(request), request.body)),
    );

    app.post(
      '/api/streams/create',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Schedule a live auction, with auction settings per product',
          body: createLiveAuctionBody,
          response: { 201: streamResponse, ...gatedErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await streams.createLiveAuction(currentSeller(request), request.body)),
    );

    app.post(
      '/api/streams/media',
      {
        onRequest: gated,
        // Covers are decoded and re-encoded: the tighter upload limit per seller.
        config: { writeLimit: 'upload' },
        schema: {
          tags,
          security,
          summary: 'Upload a cover image (coverImage, WebP-encoded) or a preview video (video, ≤ 50 MB)',
          consumes: ['multipart/form-data'],
          response: {
            201: streamMediaUploadResponse,
            ...gatedErrors,
            ...errorResponses(413, 415),
          },
        },
      },
      async (request, reply) => reply.code(201).send(await media.upload(currentSeller(request).id, request)),
    );

    app.get(
      '/api/streams/seller/:sellerId',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'The seller’s own shows, newest scheduled time first; `status` narrows',
          params: sellerIdParams,
          querystring: sellerStreamsQuery,
          response: { 200: sellerStreamsResponse, ...errors },
        },
      },
      async (request) =>
        streams.listSellerStreams(currentSeller(request), request.params.sellerId, request.query),
    );

    app.post(
      '/api/streams/reschedule-expired',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Give an expired show a new start time; it is scheduled again',
          body: rescheduleExpiredBody,
          response: { 200: streamResponse, ...gatedErrors },
        },
      },
      async (request) => streams.reschedule(currentSeller(request), request.body),
    );

    app.get(
      '/api/streams/:id',
      {
        schema: {
          tags,
          summary: 'A show’s details (public); a viewer token for the video while it is live',
          params: streamIdParams,
          response: { 200: streamDetailsResponse, ...errorResponses(404) },
        },
      },
      async (request) => {
        // A buyer's token names the viewer to the video service; anything else watches anonymously.
        const buyer = request.headers.authorization ? await requireBuyer(request).catch(() => null) : null;
        return streams.details(request.params.id, buyer ? { id: buyer.id, name: buyer.name } : null);
      },
    );

    app.get(
      '/api/streams/:id/comments',
      {
        schema: {
          tags,
          summary: 'A show’s newest comments and announcements (public), oldest first',
          params: streamIdParams,
          querystring: streamCommentsQuery,
          response: { 200: streamCommentsResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        // issue 21: a buyer's token shows them their own comments that a muted word hid from others.
        const buyer = request.headers.authorization ? await requireBuyer(request).catch(() => null) : null;
        return chat.recent(request.params.id, request.query.limit, buyer?.id ?? null);
      },
    );

    app.post(
      '/api/streams/:id/start',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Go live',
          params: streamIdParams,
          response: { 200: streamResponse, ...gatedErrors },
        },
      },
      async (request) => streams.start(currentSeller(request), request.params.id),
    );

    app.post(
      '/api/streams/:id/end',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'End the show; running auctions close with the bids standing',
          params: streamIdParams,
          response: { 200: endStreamResponse, ...gatedErrors },
        },
      },
      async (request) => streams.end(currentSeller(request), request.params.id),
    );

    app.post(
      '/api/streams/:id/join-seller',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'The studio joins its show: the stream with the publishing token',
          params: streamIdParams,
          response: { 200: joinSellerResponse, ...gatedErrors },
        },
      },
      async (request) => streams.joinSeller(currentSeller(request), request.params.id),
    );

    app.get(
      '/api/streams/:id/renew-token',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'A fresh publishing token for the video service',
          params: streamIdParams,
          response: { 200: renewTokenResponse, ...gatedErrors },
        },
      },
      async (request) => streams.renewToken(currentSeller(request), request.params.id),
    );

    app.post(
      '/api/streams/:id/activate-product-bidding',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Open bidding on a product; any other running auction of the show ends',
          params: streamIdParams,
          body: activateProductBiddingBody,
          response: { 200: activateProductBiddingResponse, ...gatedErrors },
        },
      },
      async (request) =>
        auctions.activate(
          currentSeller(request),
          request.params.id,
          request.body.productId,
          request.body.streamProductId,
        ),
    );

    app.post(
      '/api/streams/:id/bids',
      {
        // Authenticated first, so the write rate limit counts per buyer, not per shared address.
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'A buyer’s bid on the active product (buyer token)',
          params: streamIdParams,
          body: placeBidBody,
          response: {
            200: placeBidResponse,
            ...errorResponses(401, 404),
            400: placeBidErrorResponse,
            409: placeBidErrorResponse,
          },
        },
      },
      async (request) => {
        const buyer = currentBuyer(request);
        return auctions.placeBid({ id: buyer.id, name: buyer.name }, request.params.id, request.body);
      },
    );

    app.get(
      '/api/media/streams/*',
      {
        schema: {
          tags,
          summary: 'A show’s cover image or preview video (public); videos answer byte ranges (206)',
          params: mediaPathParams,
        },
      },
      async (request, reply) => {
        const file = await media.open(request.params['*']);
        return sendMediaFile(reply, request.headers.range, file);
      },
    );
  };
