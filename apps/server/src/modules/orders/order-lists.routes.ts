import { ordersOverviewResponse, sellerOrdersQuery, sellerOrdersResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '@/lib/csv-export.ts';
import { errorResponses } from '@/lib/error-responses.ts';
import { sendSerialized } from '@/lib/send-serialized.ts';
import type { OrderListsService } from '@/modules/orders/order-lists.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 404);
const tags = ['orders'];
const security = [{ bearerAuth: [] }];

/**
 * The seller's read side of orders: the Orders list (GET /api/orders), its CSV export and the Home
 * screen's overview. The order itself and its actions are the orders module's routes.
 */
export const orderListsRoutes =
  ({
    lists,
    requireSeller,
  }: {
    lists: OrderListsService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();
    const deferred = requireSeller.deferred;

    app.get(
      '/api/orders',
      {
        // The seller's standing is read by the page's own statement (plugins/auth.ts DeferredSeller).
        onRequest: deferred.hook,
        attachValidation: true,
        schema: {
          tags,
          security,
          summary:
            "The seller's orders a page at a time: a tab, search by order number, buyer or product, Lagos dates, a show, a sort; with every tab's count",
          querystring: sellerOrdersQuery,
          response: { 200: sellerOrdersResponse, ...errors },
        },
      },
      // The service writes the answer's JSON itself (its orders are the rows' kept summaries, the
      // rest checked with the contract): a string with a JSON type goes out past the serializer.
      async (request, reply) =>
        sendSerialized(
          reply,
          await deferred.answer(request, reply, (sellerId, admit) =>
            lists.list(sellerId, request.query, admit),
          ),
        ),
    );

    app.get(
      '/api/orders/export.csv',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: "The seller's orders with the list's filters and sort as CSV (every page), streamed",
          querystring: sellerOrdersQuery,
          produces: ['text/csv'],
          response: errors,
        },
      },
      async (request, reply) => {
        const { fileName, stream } = lists.exportCsv(currentSeller(request).id, request.query);
        return sendCsv(reply, fileName, stream);
      },
    );

    app.get(
      '/api/orders/overview',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            "The Home screen's order figures: sales today and this week (Lagos), to ship, to pay, recent orders",
          response: { 200: ordersOverviewResponse, ...errors },
        },
      },
      async (request) => lists.overview(currentSeller(request).id),
    );
  };
