import {
  bulkShipBody,
  bulkShipResponse,
  orderActionResponse,
  orderIdParams,
  orderResponse,
  sellerOrderActionBody,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { SellerOrdersService } from '@/modules/orders/seller-orders.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

/** The Order screen's reads and writes (issue 14); the lists, export and overview are elsewhere. */
export const ordersRoutes =
  ({
    orders,
    requireSeller,
  }: {
    orders: SellerOrdersService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();

    app.get(
      '/api/orders/:id',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            'One of your orders: lines, buyer, delivery, payment, timeline and the actions its state allows',
          params: orderIdParams,
          response: { 200: orderResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({ order: await orders.detail(currentSeller(request).id, request.params.id) }),
    );

    app.post(
      '/api/orders/:id/actions',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            'One step of fulfilment (ready for pickup, ship, in transit, delivered, picked up with the code, collect payment, cancel) or a second-chance offer',
          params: orderIdParams,
          body: sellerOrderActionBody,
          response: { 200: orderActionResponse, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request) => orders.act(currentSeller(request).id, request.params.id, request.body),
    );

    app.post(
      '/api/orders/bulk-ship',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            'Mark several orders as shipped with one carrier; says which shipped and why the others did not',
          body: bulkShipBody,
          response: { 200: bulkShipResponse, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => orders.bulkShip(currentSeller(request).id, request.body),
    );
  };
