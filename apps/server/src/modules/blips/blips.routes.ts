import multipart from '@fastify/multipart';
import {
  blipCommentParams,
  blipCommentsQuery,
  blipCommentsResponse,
  blipDetailsResponse,
  blipParams,
  blipReplyBody,
  blipReplyResponse,
  blipUploadResponse,
  deleteBlipResponse,
  featureGateErrorResponse,
  mediaPathParams,
  productBlipParams,
  sellerBlipsQuery,
  sellerBlipsResponse,
  sellerIdParams,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { sendMediaFile } from '@/lib/media-response.ts';
import type { BlipCommentsService } from '@/modules/blips/blip-comments.service.ts';
import type { BlipsService } from '@/modules/blips/blips.service.ts';
import { currentSeller, optionalSeller as optionalSellerHook, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
/** The writes SPEC section 5 gates answer 403 `{ message, code }` to a seller the gate refuses. */
const gatedErrors = { ...errors, 403: featureGateErrorResponse };
const tags = ['blips'];
const security = [{ bearerAuth: [] }];

/** SPEC section 7 "Products and blips": short product videos and their comments. */
export const blipsRoutes =
  ({
    blips,
    comments,
    requireSeller,
    mediaViewer,
  }: {
    blips: BlipsService;
    comments: BlipCommentsService;
    requireSeller: RequireSeller;
    /** The seller whose own media the request's browser may load (lib/media-access.ts), or null. */
    mediaViewer: (request: FastifyRequest) => string | null;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // A video, an optional poster and a caption; receiveForm sets each file's cap.
    await app.register(multipart, {
      limits: { files: 2, fields: 1, parts: 3, fieldSize: 4096, headerPairs: 100 },
    });
    const authenticate = requireSeller();
    // SPEC section 5 gates editing products; a blip and the seller's replies under it are part of
    // the product's listing, so their writes are gated too. Reading stays public.
    const gated = [authenticate, requireFeatureAccess];
    /** Public reads still show the owner the blips of their drafts when a token is sent. */
    const optionalSeller = optionalSellerHook(requireSeller);
    const viewer = (request: FastifyRequest) => request.seller?.id ?? null;

    app.post(
      '/api/products/:productId/blips',
      {
        onRequest: gated,
        // The poster is decoded and re-encoded, the video probed: the tighter upload limit per seller.
        config: { writeLimit: 'upload' },
        schema: {
          tags,
          security,
          summary:
            'Upload a blip (owner of the product): multipart video (MP4, WebM or MOV by content, ≤ 50 MB, ≤ 60 s), optional poster image, optional caption (≤ 300 characters)',
          consumes: ['multipart/form-data'],
          params: productBlipParams,
          response: { 201: blipUploadResponse, ...gatedErrors, ...errorResponses(413, 415) },
        },
      },
      async (request, reply) => {
        const answer = await blips.upload(currentSeller(request).id, request.params.productId, request);
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/api/products/seller/:sellerId/blips',
      {
        onRequest: optionalSeller,
        schema: {
          tags,
          summary: "A seller's blips, newest first, with the seller's name and avatar",
          params: sellerIdParams,
          querystring: sellerBlipsQuery,
          response: { 200: sellerBlipsResponse, ...errors },
        },
      },
      async (request) => blips.listForSeller(request.params.sellerId, viewer(request), request.query),
    );

    app.get(
      '/api/products/:productId/blips/:blipId',
      {
        onRequest: optionalSeller,
        schema: {
          tags,
          summary: 'One blip with its likes, views and comments counts',
          params: blipParams,
          response: { 200: blipDetailsResponse, ...errors },
        },
      },
      async (request) => blips.get(request.params.productId, request.params.blipId, viewer(request)),
    );

    app.delete(
      '/api/products/:productId/blips/:blipId',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Delete a blip, its comments and its files (owner only)',
          params: blipParams,
          response: { 200: deleteBlipResponse, ...gatedErrors },
        },
      },
      async (request) =>
        blips.delete(currentSeller(request).id, request.params.productId, request.params.blipId),
    );

    app.get(
      '/api/products/:productId/blips/:blipId/comments',
      {
        onRequest: optionalSeller,
        schema: {
          tags,
          summary: "A blip's comments, newest first, each with its replies oldest first",
          params: blipParams,
          querystring: blipCommentsQuery,
          response: { 200: blipCommentsResponse, ...errors },
        },
      },
      async (request) =>
        comments.comments(request.params.productId, request.params.blipId, viewer(request), request.query),
    );

    app.post(
      '/api/products/:productId/blips/:blipId/comments/:commentId/replies',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: "Reply to a comment on one of your blips (a reply to a reply joins its comment's thread)",
          params: blipCommentParams,
          body: blipReplyBody,
          response: { 201: blipReplyResponse, ...gatedErrors },
        },
      },
      async (request, reply) => {
        const answer = await comments.reply(currentSeller(request).id, request.params, request.body.comment);
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/api/media/blips/*',
      {
        // The dashboard's <video> and <img> tags send the media cookie; a fetch may send the token.
        onRequest: optionalSeller,
        schema: {
          tags,
          summary:
            'A blip video or poster: public while its product is visible, else only for its seller; videos answer byte ranges (206) so players can seek',
          params: mediaPathParams,
        },
      },
      async (request, reply) => {
        const file = await blips.openMedia(request.params['*'], viewer(request) ?? mediaViewer(request));
        return sendMediaFile(reply, request.headers.range, file, file.cache);
      },
    );
  };
