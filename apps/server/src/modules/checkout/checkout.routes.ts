import {
  buyerOrderResponse,
  buyerOrdersResponse,
  buyNowBody,
  checkoutResponse,
  deliveryOptionsResponse,
  deliverySettingsResponse,
  deliverySettingsSchema,
  orderIdParams,
  payOrderBody,
  sellerIdParams,
  verifyPaymentQuery,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { BuyerOrdersService } from '@/modules/checkout/buyer-orders.service.ts';
import type { CheckoutService } from '@/modules/checkout/checkout.service.ts';
import type { DeliverySettingsService } from '@/modules/checkout/delivery-settings.service.ts';
import { currentBuyer, currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';

const security = [{ bearerAuth: [] }];

/**
 * The seller's delivery settings, the public delivery options of a seller, and the buyer's
 * checkout and orders (issue 14). Every buyer route reads only the token's buyer's orders.
 */
export const checkoutRoutes =
  ({
    settings,
    checkout,
    reads,
    requireSeller,
    requireBuyer,
  }: {
    settings: DeliverySettingsService;
    checkout: CheckoutService;
    reads: BuyerOrdersService;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const seller = requireSeller();

    app.get(
      '/api/settings/delivery',
      {
        onRequest: seller,
        schema: {
          tags: ['settings'],
          security,
          summary: "The seller's delivery settings, or the defaults when they never saved any",
          response: { 200: deliverySettingsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => settings.get(currentSeller(request).id),
    );

    app.put(
      '/api/settings/delivery',
      {
        onRequest: seller,
        schema: {
          tags: ['settings'],
          security,
          summary:
            'Saves delivery fees per Nigerian state (each once), store pickup (needs a pickup address), pay on delivery and its cap (naira)',
          body: deliverySettingsSchema,
          response: { 200: deliverySettingsResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => settings.save(currentSeller(request).id, request.body),
    );

    app.get(
      '/api/checkout/sellers/:sellerId/options',
      {
        schema: {
          tags: ['checkout'],
          summary: 'What a buyer may choose at checkout from this seller (public)',
          params: sellerIdParams,
          response: { 200: deliveryOptionsResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => settings.options(request.params.sellerId),
    );

    const buyerErrors = errorResponses(400, 401, 404, 409, 429);

    app.post(
      '/api/checkout/orders',
      {
        onRequest: requireBuyer,
        schema: {
          tags: ['checkout'],
          security,
          summary:
            'Buy now: one product (and variant) with delivery and payment; 201 with the order, 200 with the same order for a retried idempotency key',
          body: buyNowBody,
          response: { 200: checkoutResponse, 201: checkoutResponse, ...buyerErrors },
        },
      },
      async (request, reply) => {
        const { created, answer } = await checkout.buyNow(currentBuyer(request), request.body);
        return reply.code(created ? 201 : 200).send(answer);
      },
    );

    app.post(
      '/api/checkout/orders/:id',
      {
        onRequest: requireBuyer,
        schema: {
          tags: ['checkout'],
          security,
          summary: 'Checkout of an auction win: delivery and payment; its payment window keeps running',
          params: orderIdParams,
          body: payOrderBody,
          response: { 200: checkoutResponse, ...buyerErrors },
        },
      },
      async (request) => checkout.payOrder(currentBuyer(request), request.params.id, request.body),
    );

    app.get(
      '/api/checkout/orders',
      {
        onRequest: requireBuyer,
        schema: {
          tags: ['checkout'],
          security,
          summary: "The buyer's own orders, newest first (the latest 50)",
          response: { 200: buyerOrdersResponse, ...errorResponses(401) },
        },
      },
      async (request) => reads.list(currentBuyer(request).id),
    );

    app.get(
      '/api/checkout/orders/:id',
      {
        onRequest: requireBuyer,
        schema: {
          tags: ['checkout'],
          security,
          summary: "One of the buyer's orders with its lines, totals, statuses and timeline",
          params: orderIdParams,
          response: { 200: buyerOrderResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => reads.get(currentBuyer(request).id, request.params.id),
    );

    app.get(
      '/api/checkout/orders/:id/verify',
      {
        onRequest: requireBuyer,
        schema: {
          tags: ['checkout'],
          security,
          summary:
            'The buyer is back from the payment page: asks the provider about the reference, then answers the order',
          params: orderIdParams,
          querystring: verifyPaymentQuery,
          response: { 200: buyerOrderResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => reads.verify(currentBuyer(request).id, request.params.id, request.query.reference),
    );
  };
