import { topSoldProductsResponse, vacationModeBody, vacationModeResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { StoreService } from '@/modules/store/store.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['store'];
const security = [{ bearerAuth: [] }];

export const storeRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: StoreService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/seller/vacation-mode',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Turn vacation mode on or off; answers the state now held',
          body: vacationModeBody,
          response: { 200: vacationModeResponse, ...errors },
        },
      },
      async (request) => service.setVacationMode(currentSeller(request).id, request.body.isOn),
    );

    app.get(
      '/api/seller/top-sold-products',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "The seller's best-selling products, best first (at most five)",
          response: { 200: topSoldProductsResponse, ...errors },
        },
      },
      async (request) => service.topSoldProducts(currentSeller(request).id),
    );
  };
