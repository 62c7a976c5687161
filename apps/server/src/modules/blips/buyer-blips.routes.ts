import {
  blipCommentIdParams,
  blipDetailsResponse,
  blipIdParams,
  blipLikeResponse,
  blipReplyBody,
  blipReplyResponse,
  blipViewBody,
  blipViewResponse,
  buyerBlipCommentBody,
  buyerBlipCommentResponse,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { BadRequestError } from '@/lib/errors.ts';
import type { BlipCommentsService } from '@/modules/blips/blip-comments.service.ts';
import type { BlipReactionsService } from '@/modules/blips/blip-reactions.service.ts';
import type { BlipsService } from '@/modules/blips/blips.service.ts';
import { currentBuyer, type RequireBuyer } from '@/plugins/auth.ts';
import { writerKey } from '@/plugins/rate-limit.ts';

export type BlipRateLimits = Record<'view' | 'like' | 'comment', { max: number; timeWindow: number }>;

const MINUTE = 60_000;
/**
 * Views: per client address. A viewer counts once a day anyway; the limit stops one address from
 * inventing viewer ids, and stays generous because carrier-grade NAT puts many phones behind one
 * address. Likes and comments: per buyer, which a shared address does not dilute.
 */
export const DEFAULT_BLIP_RATE_LIMITS: BlipRateLimits = {
  view: { max: 300, timeWindow: MINUTE },
  like: { max: 120, timeWindow: MINUTE },
  comment: { max: 30, timeWindow: MINUTE },
};

const errors = errorResponses(400, 401, 404, 429);
const tags = ['blips (buyers)'];
const security = [{ bearerAuth: [] }];

/**
 * The buyer side of blips, behind the public blip page: read a blip by id, count a view, like,
 * unlike, comment and reply. Writing needs a buyer token (a seller's is refused with 401, as the
 * buyer's is on the seller's calls); reading and views need none, but a token that is sent must
 * be a valid buyer's, so a page with an expired log-in learns it.
 */
export const buyerBlipsRoutes =
  ({
    blips,
    comments,
    reactions,
    requireBuyer,
    rateLimits,
  }: {
    blips: Pick<BlipsService, 'getPublic'>;
    comments: Pick<BlipCommentsService, 'buyerComment' | 'buyerReply'>;
    reactions: BlipReactionsService;
    requireBuyer: RequireBuyer;
    rateLimits: BlipRateLimits;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const optionalBuyer = async (request: FastifyRequest) => {
      // A token that is sent must be a valid buyer's, so a page with an expired log-in learns it.
      if (request.headers.authorization) await requireBuyer(request);
    };
    // Likes and comments are limited per buyer (many phones share an address), after authentication.
    const perBuyer = (limit: { max: number; timeWindow: number }) => ({
      ...limit,
      hook: 'preHandler' as const,
      keyGenerator: writerKey,
    });

    app.get(
      '/api/blips/:blipId',
      {
        schema: {
          tags,
          summary: 'A blip by its id (public): the blip page buyers open from a shared link',
          params: blipIdParams,
          response: { 200: blipDetailsResponse, ...errors },
        },
      },
      async (request) => blips.getPublic(request.params.blipId),
    );

    app.get(
      '/api/blips/:blipId/like',
      {
        onRequest: optionalBuyer,
        schema: {
          tags,
          summary: 'Whether the buyer of the token likes the blip (false without a token), and its likes',
          params: blipIdParams,
          response: { 200: blipLikeResponse, ...errors },
        },
      },
      async (request) => reactions.likeState(request.params.blipId, request.buyer?.id ?? null),
    );

    app.put(
      '/api/blips/:blipId/like',
      {
        onRequest: requireBuyer,
        config: { rateLimit: perBuyer(rateLimits.like) },
        schema: {
          tags,
          security,
          summary: 'Like a blip (buyer token); liking again changes nothing',
          params: blipIdParams,
          response: { 200: blipLikeResponse, ...errors },
        },
      },
      async (request) => reactions.like(currentBuyer(request), request.params.blipId),
    );

    app.delete(
      '/api/blips/:blipId/like',
      {
        onRequest: requireBuyer,
        config: { rateLimit: perBuyer(rateLimits.like) },
        schema: {
          tags,
          security,
          summary: 'Take back a like (buyer token); without a like it changes nothing',
          params: blipIdParams,
          response: { 200: blipLikeResponse, ...errors },
        },
      },
      async (request) => reactions.unlike(currentBuyer(request), request.params.blipId),
    );

    app.post(
      '/api/blips/:blipId/views',
      {
        onRequest: optionalBuyer,
        config: { rateLimit: rateLimits.view },
        schema: {
          tags,
          summary:
            'Count a view: once per viewer and blip in 24 hours. A buyer token names the viewer; send the viewerId the browser keeps too (required without a token), so watching before and after logging in is one view',
          params: blipIdParams,
          // A buyer may send no body at all, which Fastify hands over as null.
          body: blipViewBody.nullish(),
          response: { 200: blipViewResponse, ...errors },
        },
      },
      async (request) => {
        const buyer = request.buyer;
        const viewerId = request.body?.viewerId;
        if (buyer)
          return reactions.recordView(request.params.blipId, { buyerId: buyer.id, anonymousId: viewerId });
        if (!viewerId) throw new BadRequestError('viewerId is required when no buyer is logged in');
        return reactions.recordView(request.params.blipId, { anonymousId: viewerId });
      },
    );

    app.post(
      '/api/blips/:blipId/comments',
      {
        onRequest: requireBuyer,
        config: { rateLimit: perBuyer(rateLimits.comment) },
        schema: {
          tags,
          security,
          summary: 'Comment on a blip (buyer token); the seller is notified',
          params: blipIdParams,
          body: buyerBlipCommentBody,
          response: { 201: buyerBlipCommentResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await comments.buyerComment(
          currentBuyer(request),
          request.params.blipId,
          request.body.comment,
        );
        return reply.code(201).send(answer);
      },
    );

    app.post(
      '/api/blips/:blipId/comments/:commentId/replies',
      {
        onRequest: requireBuyer,
        config: { rateLimit: perBuyer(rateLimits.comment) },
        schema: {
          tags,
          security,
          summary: "Reply in a comment's thread (buyer token); the seller is notified",
          params: blipCommentIdParams,
          body: blipReplyBody,
          response: { 201: blipReplyResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await comments.buyerReply(currentBuyer(request), request.params, request.body.comment);
        return reply.code(201).send(answer);
      },
    );
  };
