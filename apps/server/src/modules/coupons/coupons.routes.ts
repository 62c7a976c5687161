import {
  couponBody,
  couponCheckBody,
  couponCheckResponse,
  couponChoicesResponse,
  couponIdParams,
  couponResponse,
  couponsQuery,
  couponsResponse,
  couponsSummaryResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { CouponsService } from '@/modules/coupons/coupons.service.ts';
import { currentBuyer, currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';
import { writerKey } from '@/plugins/rate-limit.ts';

const security = [{ bearerAuth: [] }];

/** A buyer may try codes this often a minute: enough to fix a typo, too few to guess codes. */
export const COUPON_CHECKS_PER_MINUTE = 20;

/**
 * The seller's coupons (issue 16) and the buyer's check of a code at checkout. Every seller route
 * reads and writes only the token's seller's coupons: another's id answers 404, as an unknown one.
 */
export const couponsRoutes =
  ({
    coupons,
    requireSeller,
    requireBuyer,
  }: {
    coupons: CouponsService;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const seller = requireSeller();
    const tags = ['coupons'];

    app.get(
      '/api/coupons',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: "The seller's coupons, newest first, with status, uses and revenue; counts per status",
          querystring: couponsQuery,
          response: { 200: couponsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => coupons.list(currentSeller(request).id, request.query.status),
    );

    app.get(
      '/api/coupons/summary',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'Active and scheduled coupons, uses held, revenue and discount of paid orders',
          response: { 200: couponsSummaryResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => coupons.summary(currentSeller(request).id),
    );

    app.get(
      '/api/coupons/choices',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: "The seller's products and not-ended shows, for the coupon form's pickers",
          response: { 200: couponChoicesResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => coupons.choices(currentSeller(request).id),
    );

    app.post(
      '/api/coupons',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'Creates a coupon; its code is unique in the store whatever its case (409)',
          body: couponBody,
          response: { 201: couponResponse, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ coupon: await coupons.create(currentSeller(request).id, request.body) }),
    );

    app.get(
      '/api/coupons/:id',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'One of the seller’s coupons',
          params: couponIdParams,
          response: { 200: couponResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ coupon: await coupons.get(currentSeller(request).id, request.params.id) }),
    );

    app.put(
      '/api/coupons/:id',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'Changes a coupon; orders that used it keep the discount they got',
          params: couponIdParams,
          body: couponBody,
          response: { 200: couponResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => ({
        coupon: await coupons.update(currentSeller(request).id, request.params.id, request.body),
      }),
    );

    for (const [action, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      app.post(
        `/api/coupons/:id/${action}`,
        {
          onRequest: seller,
          schema: {
            tags,
            security,
            summary: disabled
              ? 'Turns a coupon off: buyers are refused it at once'
              : 'Turns a disabled coupon back on (its dates still apply)',
            params: couponIdParams,
            response: { 200: couponResponse, ...errorResponses(400, 401, 403, 404, 429) },
          },
        },
        async (request) => ({
          coupon: await coupons.setDisabled(currentSeller(request).id, request.params.id, disabled),
        }),
      );
    }

    app.post(
      '/api/checkout/coupons/check',
      {
        onRequest: requireBuyer,
        config: {
          rateLimit: {
            max: COUPON_CHECKS_PER_MINUTE,
            timeWindow: 60_000,
            hook: 'preHandler' as const,
            keyGenerator: writerKey,
          },
        },
        schema: {
          tags: ['checkout'],
          security,
          summary:
            "Would this code apply to a Buy now of this product? The discount, or why not (the product's seller's coupons only)",
          body: couponCheckBody,
          response: { 200: couponCheckResponse, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => coupons.check(currentBuyer(request).id, request.body),
    );
  };
