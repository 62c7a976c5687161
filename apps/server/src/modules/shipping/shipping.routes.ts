import {
  bookShipmentBody,
  bookShipmentResponse,
  orderIdParams,
  shippingProviderResponse,
  shippingQuotesResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { ShippingService } from '@/modules/shipping/shipping.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const tags = ['shipping'];
const security = [{ bearerAuth: [] }];
const showIdParams = z.object({ id: z.uuid('Live show not found') });
/** A PDF answer for OpenAPI: the bytes, described. */
const pdf = z.any().describe('application/pdf');

export const shippingRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: ShippingService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/shipping/provider',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Whether orders can be booked with a carrier API, and which',
          response: { 200: shippingProviderResponse, ...errorResponses(401, 403) },
        },
      },
      async () => service.providerInfo(),
    );

    app.post(
      '/api/orders/:id/shipping/quotes',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "Carriers' rates for sending a paid order from the pickup address, cheapest first",
          params: orderIdParams,
          response: { 200: shippingQuotesResponse, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) => service.quotes(currentSeller(request).id, request.params.id),
    );

    app.post(
      '/api/orders/:id/shipping/book',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Books a rate with the carrier and marks the order shipped with its tracking number',
          params: orderIdParams,
          body: bookShipmentBody,
          response: { 200: bookShipmentResponse, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) => service.book(currentSeller(request).id, request.params.id, request.body.rateId),
    );

    app.get(
      '/api/orders/:id/packing-slip.pdf',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'The packing slip of one order (PDF)',
          params: orderIdParams,
          response: { 200: pdf, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { filename, pdf: bytes } = await service.packingSlip(
          currentSeller(request).id,
          request.params.id,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );

    app.get(
      '/api/streams/:id/packing-list.pdf',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "A live show's paid orders to pack, grouped by buyer (PDF)",
          params: showIdParams,
          response: { 200: pdf, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { filename, pdf: bytes } = await service.packingList(
          currentSeller(request).id,
          request.params.id,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  };
