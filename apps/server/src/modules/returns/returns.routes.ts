import multipart from '@fastify/multipart';
import {
  buyerReturnBody,
  buyerReturnOptionsResponse,
  buyerReturnResponse,
  buyerShippedBackBody,
  orderIdParams,
  returnActionResponse,
  returnIdParams,
  returnMessageBody,
  returnPhotoResponse,
  returnResponse,
  sellerOpenReturnBody,
  sellerReturnActionBody,
  sellerReturnsQuery,
  sellerReturnsResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { sendStoredImage } from '@/lib/media-response.ts';
import { type ReturnPhotoLinks, storeReturnPhoto } from '@/modules/returns/return-photos.ts';
import type { ReturnsService } from '@/modules/returns/returns.service.ts';
import { currentBuyer, currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

const security = [{ bearerAuth: [] }];
const tags = ['returns'];

/**
 * The Returns Center (issue 15): the seller's list, return and actions, and the buyer's request,
 * thread, shipping back and withdrawal. Every route reads only the token's seller's or buyer's
 * returns; another's id answers 404 like an unknown one.
 */
export const returnsRoutes =
  ({
    service,
    photos,
    storage,
    requireSeller,
    requireBuyer,
  }: {
    service: ReturnsService;
    photos: ReturnPhotoLinks;
    storage: FileStorage;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, headerPairs: 100 } });
    const seller = requireSeller();
    const sellerErrors = errorResponses(400, 401, 403, 404, 409, 429);
    const buyerErrors = errorResponses(400, 401, 404, 409, 429);

    app.get(
      '/api/returns',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary:
            "The seller's returns by tab (counts per tab), searched by RTN/KSW number, buyer or product",
          querystring: sellerReturnsQuery,
          response: { 200: sellerReturnsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.list(currentSeller(request).id, request.query),
    );

    app.get(
      '/api/returns/:id',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary:
            'One return: lines, photos, thread and timeline, the next deadline and the actions open now',
          params: returnIdParams,
          response: { 200: returnResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ return: await service.get(currentSeller(request).id, request.params.id) }),
    );

    app.post(
      '/api/returns/:id/actions',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary:
            'Ask the buyer, approve (pickup, label, drop-off or keep the item), reject with a reason, mark received, or refund (naira; less than the items cost is a partial refund)',
          params: returnIdParams,
          body: sellerReturnActionBody,
          response: { 200: returnActionResponse, ...sellerErrors, ...errorResponses(502) },
        },
      },
      async (request) => service.act(currentSeller(request).id, request.params.id, request.body),
    );

    app.post(
      '/api/returns/:id/messages',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: "A message in the return's thread (e-mailed to the buyer)",
          params: returnIdParams,
          body: returnMessageBody,
          response: { 200: returnResponse, ...sellerErrors },
        },
      },
      async (request) => ({
        return: await service.sellerMessage(currentSeller(request).id, request.params.id, request.body),
      }),
    );

    app.post(
      '/api/orders/:id/returns',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: "Opens a return on the buyer's behalf (return_created), whatever the window",
          params: orderIdParams,
          body: sellerOpenReturnBody,
          response: { 201: returnResponse, ...sellerErrors },
        },
      },
      async (request, reply) => {
        const ret = await service.openForBuyer(currentSeller(request).id, request.params.id, request.body);
        return reply.code(201).send({ return: ret });
      },
    );

    // ---- Buyer ----

    app.get(
      '/api/buyer/orders/:id/return-options',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary:
            "Whether the buyer's order can be returned now, under which policy, and how many of each item",
          params: orderIdParams,
          response: { 200: buyerReturnOptionsResponse, ...errorResponses(401, 404) },
        },
      },
      async (request) => service.options(currentBuyer(request).id, request.params.id),
    );

    app.post(
      '/api/buyer/returns',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'Requests a return: items and quantities, a reason the policy accepts, a note and photos',
          body: buyerReturnBody,
          response: { 201: buyerReturnResponse, ...buyerErrors },
        },
      },
      async (request, reply) => {
        const ret = await service.request(currentBuyer(request).id, request.body);
        return reply.code(201).send({ return: ret });
      },
    );

    app.post(
      '/api/buyer/returns/photos',
      {
        onRequest: requireBuyer,
        config: { writeLimit: 'upload' },
        schema: {
          tags,
          security,
          summary:
            'Multipart field photo: one image for a return, checked by content (400 otherwise), stored privately as WebP without metadata',
          consumes: ['multipart/form-data'],
          response: { 201: returnPhotoResponse, ...buyerErrors, ...errorResponses(413) },
        },
      },
      async (request, reply) => {
        const buyerId = currentBuyer(request).id;
        const stored = await storeReturnPhoto(request, storage, buyerId);
        const photo = await service.savePhoto(buyerId, stored.storageKey, stored.id);
        return reply.code(201).send({ photo });
      },
    );

    app.get(
      '/api/buyer/returns/:id',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: "One of the buyer's returns, with the thread and what the buyer may do now",
          params: returnIdParams,
          response: { 200: buyerReturnResponse, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({ return: await service.getForBuyer(currentBuyer(request).id, request.params.id) }),
    );

    app.post(
      '/api/buyer/returns/:id/messages',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary:
            "The buyer writes in the return's thread (an answer to the seller's question goes back to them)",
          params: returnIdParams,
          body: returnMessageBody,
          response: { 200: buyerReturnResponse, ...buyerErrors },
        },
      },
      async (request) => ({
        return: await service.buyerMessage(currentBuyer(request).id, request.params.id, request.body),
      }),
    );

    app.post(
      '/api/buyer/returns/:id/shipped',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'The buyer sent the item back (carrier and tracking number optional)',
          params: returnIdParams,
          body: buyerShippedBackBody,
          response: { 200: buyerReturnResponse, ...buyerErrors },
        },
      },
      async (request) => ({
        return: await service.shippedBack(currentBuyer(request).id, request.params.id, request.body),
      }),
    );

    app.post(
      '/api/buyer/returns/:id/withdraw',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'The buyer withdraws the return (before the item is on its way back)',
          params: returnIdParams,
          response: { 200: buyerReturnResponse, ...buyerErrors },
        },
      },
      async (request) => ({ return: await service.withdraw(currentBuyer(request).id, request.params.id) }),
    );

    app.get(
      '/api/media/returns/:file',
      {
        schema: {
          tags,
          summary:
            "A return photo, by the signed, expiring link only the return's buyer and seller are given (404 otherwise)",
          params: z.object({ file: z.string() }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const match = /^([0-9a-f-]{36})\.webp$/.exec(request.params.file);
        const id = match?.[1];
        if (!id || !photos.verify(id, request.query.expires, request.query.signature))
          throw new NotFoundError('Photo');
        const key = await service.photoKey(id);
        const file = key ? await storage.read(key) : null;
        if (!file) throw new NotFoundError('Photo');
        return sendStoredImage(reply, file, 'private');
      },
    );
  };
