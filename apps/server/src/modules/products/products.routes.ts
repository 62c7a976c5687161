import {
  createProductBody,
  createProductResponse,
  deleteProductResponse,
  errorResponse,
  productIdParams,
  productSchema,
  sellerIdParams,
  sellerProductsQuery,
  sellerProductsResponse,
  updateProductBody,
  updateProductResponse,
} from '@kasuwa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductsService } from '@/modules/products/products.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['products'];
const security = [{ bearerAuth: [] }];

export const productsRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: ProductsService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();
    /**
     * The public reads (SPEC section 6: no token) still show the owner their drafts when a token is
     * sent; a missing or bad token only means the caller is treated as a visitor.
     */
    const optionalSeller = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.headers.authorization) return;
      try {
        await authenticate(request, reply);
      } catch {
        request.seller = null;
      }
    };

    app.post(
      '/api/products',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: 'Create a product; stock follows the variants when there are any',
          body: createProductBody,
          response: { 201: createProductResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await service.create(currentSeller(request).id, request.body);
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/api/products/seller/:sellerId',
      {
        onRequest: optionalSeller,
        schema: {
          tags,
          summary: "A seller's products, a page at a time, with statistics; drafts only for the owner",
          params: sellerIdParams,
          querystring: sellerProductsQuery,
          response: { 200: sellerProductsResponse, ...errors },
        },
      },
      async (request) =>
        service.listForSeller(request.params.sellerId, request.seller?.id ?? null, request.query),
    );

    app.get(
      '/api/products/:id',
      {
        onRequest: optionalSeller,
        schema: {
          tags,
          summary: 'One product; a draft or archived product only for its owner',
          params: productIdParams,
          response: { 200: productSchema, ...errors },
        },
      },
      async (request) => service.get(request.params.id, request.seller?.id ?? null),
    );

    app.put(
      '/api/products/:id',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: "Change any of the product's fields (owner only)",
          params: productIdParams,
          body: updateProductBody,
          response: { 200: updateProductResponse, ...errors },
        },
      },
      async (request) => service.update(currentSeller(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/products/:id',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: 'Delete a product (owner only)',
          params: productIdParams,
          response: { 200: deleteProductResponse, ...errors },
        },
      },
      async (request) => service.delete(currentSeller(request).id, request.params.id),
    );
  };
