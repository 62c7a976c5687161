import { customerIdParams, customerResponse, customersQuery, customersResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '@/lib/csv-export.ts';
import { errorResponses } from '@/lib/error-responses.ts';
import type { CustomersService } from '@/modules/customers/customers.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 404);
const tags = ['customers'];
const security = [{ bearerAuth: [] }];

/** The Customers and Customer screens: buyers as the signed-in seller knows them from their orders. */
export const customersRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: CustomersService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();

    app.get(
      '/api/customers',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: "The seller's customers (buyers with an order with them): search by name, sort, pages",
          querystring: customersQuery,
          response: { 200: customersResponse, ...errors },
        },
      },
      async (request) => service.list(currentSeller(request).id, request.query),
    );

    app.get(
      '/api/customers/export.csv',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: "The seller's customers with the list's search and sort as CSV, streamed",
          querystring: customersQuery,
          produces: ['text/csv'],
          response: errors,
        },
      },
      async (request, reply) => {
        const { fileName, stream } = service.exportCsv(currentSeller(request).id, request.query);
        return sendCsv(reply, fileName, stream);
      },
    );

    app.get(
      '/api/customers/:id',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            'A customer: their orders with this seller, spend, addresses and the shows they took part in',
          params: customerIdParams,
          response: { 200: customerResponse, ...errors },
        },
      },
      async (request) => service.get(currentSeller(request).id, request.params.id),
    );
  };
