import multipart from '@fastify/multipart';
import {
  createProductBody,
  createProductResponse,
  deleteProductResponse,
  featureGateErrorResponse,
  productIdParams,
  productImageUploadResponse,
  productSchema,
  sellerAuctionProductsQuery,
  sellerAuctionProductsResponse,
  sellerIdParams,
  sellerProductSearchQuery,
  sellerProductSearchResponse,
  sellerProductsQuery,
  sellerProductsResponse,
  updateProductBody,
  updateProductResponse,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { sendStoredImage } from '@/lib/media-response.ts';
import { sendSerialized } from '@/lib/send-serialized.ts';
import type { ProductImages } from '@/modules/products/product-images.ts';
import type { ProductListCache } from '@/modules/products/product-list-cache.ts';
import type { ProductListsService } from '@/modules/products/product-lists.service.ts';
import type { ProductsService } from '@/modules/products/products.service.ts';
import { currentSeller, optionalSeller as optionalSellerHook, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
/** The writes SPEC section 5 gates answer 403 `{ message, code }` to a seller the gate refuses. */
const gatedErrors = { ...errors, 403: featureGateErrorResponse };
const tags = ['products'];

/** A list's cache key: the owner sees drafts and archived products, anyone else the same answer. */
const listKey = (route: string, sellerId: string, viewerId: string | null, query: object) =>
  `${route}|${sellerId}|${viewerId === sellerId ? 'owner' : 'public'}|${JSON.stringify(query)}`;
const security = [{ bearerAuth: [] }];

export const productsRoutes =
  ({
    products,
    reads,
    images,
    lists,
    requireSeller,
    mediaViewer,
  }: {
    products: ProductsService;
    reads: ProductListsService;
    images: ProductImages;
    /** The lists' answers, kept per node against the seller's catalogue version. */
    lists: ProductListCache;
    requireSeller: RequireSeller;
    /** The seller whose own media the request's browser may load (the media cookie), or null. */
    mediaViewer: (request: FastifyRequest) => string | null;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // One photo per request; receiveFiles sets the size cap.
    await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, headerPairs: 100 } });
    const authenticate = requireSeller();
    // SPEC section 5: creating, editing and deleting products and uploading their photos.
    const gated = [authenticate, requireFeatureAccess];
    // The public reads (SPEC section 6: no token) still show the owner their drafts when a token is sent.
    const optionalSeller = optionalSellerHook(requireSeller);

    app.post(
      '/api/products',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Create a product; stock follows the variants when there are any',
          body: createProductBody,
          response: { 201: createProductResponse, ...gatedErrors },
        },
      },
      async (request, reply) => {
        const answer = await products.create(currentSeller(request).id, request.body);
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
      async (request, reply) => {
        const { sellerId } = request.params;
        const viewer = request.seller?.id ?? null;
        const json = await lists.answer(listKey('list', sellerId, viewer, request.query), sellerId, () =>
          reads.listForSeller(sellerId, viewer, request.query),
        );
        return sendSerialized(reply, json);
      },
    );

    app.get(
      '/api/products/seller/:sellerId/search',
      {
        onRequest: optionalSeller,
        schema: {
          tags,
          summary:
            "Search a seller's products by words in the name, price range (naira), category id or name, status; any sort, paginated",
          params: sellerIdParams,
          querystring: sellerProductSearchQuery,
          response: { 200: sellerProductSearchResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { sellerId } = request.params;
        const viewer = request.seller?.id ?? null;
        const json = await lists.answer(listKey('search', sellerId, viewer, request.query), sellerId, () =>
          reads.search(sellerId, viewer, request.query),
        );
        return sendSerialized(reply, json);
      },
    );

    app.get(
      '/api/products/seller/:sellerId/auctions',
      {
        schema: {
          tags,
          summary: "A seller's active products set up for auction, newest first, paginated",
          params: sellerIdParams,
          querystring: sellerAuctionProductsQuery,
          response: { 200: sellerAuctionProductsResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { sellerId } = request.params;
        const json = await lists.answer(listKey('auctions', sellerId, null, request.query), sellerId, () =>
          reads.auctions(sellerId, request.query),
        );
        return sendSerialized(reply, json);
      },
    );

    app.post(
      '/api/products/images',
      {
        onRequest: gated,
        // Each photo is decoded and re-encoded in two sizes: the tighter upload limit per seller.
        config: { writeLimit: 'upload' },
        schema: {
          tags,
          security,
          summary:
            'Multipart field image: one product photo, checked by content, re-encoded as WebP (1600 px long side) without metadata',
          consumes: ['multipart/form-data'],
          response: {
            201: productImageUploadResponse,
            ...gatedErrors,
            ...errorResponses(413, 415),
          },
        },
      },
      async (request, reply) => {
        const answer = await images.upload(currentSeller(request).id, request);
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/api/media/products/:sellerId/:file',
      {
        // The seller's own <img> tags send the media cookie; a fetch may send the token instead.
        onRequest: optionalSeller,
        schema: {
          tags,
          summary:
            'A product photo: public once a visible product, a show or an order carries it; before that only for its seller',
          params: z.object({ sellerId: z.string(), file: z.string() }),
        },
      },
      async (request, reply) => {
        const { sellerId, file } = request.params;
        const owner = request.seller?.id === sellerId || mediaViewer(request) === sellerId;
        const photo = await images.open(sellerId, file, { owner });
        return sendStoredImage(reply, photo, photo.cache);
      },
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
      async (request) => reads.get(request.params.id, request.seller?.id ?? null),
    );

    app.put(
      '/api/products/:id',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: "Change any of the product's fields (owner only)",
          params: productIdParams,
          body: updateProductBody,
          response: { 200: updateProductResponse, ...gatedErrors },
        },
      },
      async (request) => products.update(currentSeller(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/products/:id',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Delete a product (owner only); 409 while a scheduled or live show offers it',
          params: productIdParams,
          response: { 200: deleteProductResponse, ...gatedErrors, ...errorResponses(409) },
        },
      },
      async (request) => products.delete(currentSeller(request).id, request.params.id),
    );
  };
