// size: every messages route of both sides, each with its full OpenAPI schema
import multipart from '@fastify/multipart';
import {
  buyerStartConversationBody,
  conversationIdParams,
  conversationListResponse,
  conversationResponse,
  conversationsQuery,
  conversationsSearchQuery,
  conversationsUnreadCountResponse,
  markConversationReadResponse,
  messagesQuery,
  messagesResponse,
  quickRepliesResponse,
  quickReplyBody,
  quickReplyIdParams,
  quickReplyResponse,
  sendMessageBody,
  sentMessageResponse,
  startConversationBody,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { sendStoredImage } from '@/lib/media-response.ts';
import {
  type MessagePhotoLinks,
  messagePhotoKey,
  storeMessagePhoto,
} from '@/modules/conversations/message-photos.ts';
import type { MessagesService } from '@/modules/conversations/messages.service.ts';
import { currentBuyer, currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';
import { type Limit, writerKey } from '@/plugins/rate-limit.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['messages'];
const security = [{ bearerAuth: [] }];

/** Sending is limited per sender: a person types far slower; a script spraying buyers does not. */
export const DEFAULT_MESSAGE_RATE_LIMIT: Limit = { max: 30, timeWindow: 60_000 };

export const messagesRoutes =
  ({
    service,
    photos,
    storage,
    requireSeller,
    requireBuyer,
    sendLimit = DEFAULT_MESSAGE_RATE_LIMIT,
  }: {
    service: MessagesService;
    photos: MessagePhotoLinks;
    storage: FileStorage;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
    sendLimit?: Limit;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // One photo per request; the plugin is scoped to these routes (as the returns routes do).
    await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, headerPairs: 100 } });
    const sending = { rateLimit: { ...sendLimit, hook: 'preHandler' as const, keyGenerator: writerKey } };
    const seller = (request: FastifyRequest) => ({
      side: 'seller' as const,
      sellerId: currentSeller(request).id,
    });
    const buyer = (request: FastifyRequest) => ({
      side: 'buyer' as const,
      buyerId: currentBuyer(request).id,
    });

    // ---- The seller's side ----

    app.get(
      '/api/conversations',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary:
            "A page of the seller's conversations, latest activity first, each with its unread count; `q` searches buyer names and messages",
          querystring: conversationsSearchQuery,
          response: { 200: conversationListResponse, ...errors },
        },
      },
      async (request) => service.list(seller(request), request.query),
    );

    app.post(
      '/api/conversations',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary:
            'Opens (or finds) the conversation with the buyer of one of your orders, or with a customer',
          body: startConversationBody,
          response: { 200: conversationResponse, ...errors },
        },
      },
      async (request) => service.sellerStart(currentSeller(request).id, request.body),
    );

    app.get(
      '/api/conversations/:id',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'One of your conversations',
          params: conversationIdParams,
          response: { 200: conversationResponse, ...errors },
        },
      },
      async (request) => service.get(seller(request), request.params.id),
    );

    app.get(
      '/api/conversations/:id/messages',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'A page of a conversation, newest first; pass `nextBefore` as `before` for older ones',
          params: conversationIdParams,
          querystring: messagesQuery,
          response: { 200: messagesResponse, ...errors },
        },
      },
      async (request) => service.messages(seller(request), request.params.id, request.query),
    );

    app.post(
      '/api/conversations/:id/messages',
      {
        onRequest: requireSeller(),
        config: sending,
        schema: {
          tags,
          security,
          summary:
            'Sends text, or a product or order card, to the buyer (a repeated `clientId` is stored once)',
          params: conversationIdParams,
          body: sendMessageBody,
          response: { 201: sentMessageResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.send(seller(request), request.params.id, request.body)),
    );

    app.post(
      '/api/conversations/:id/photos',
      {
        onRequest: requireSeller(),
        config: { writeLimit: 'upload' },
        schema: {
          tags,
          security,
          summary: 'Multipart field photo: sends one image (checked by content, stored privately as WebP)',
          params: conversationIdParams,
          consumes: ['multipart/form-data'],
          response: { 201: sentMessageResponse, ...errors, ...errorResponses(413) },
        },
      },
      async (request, reply) => {
        await service.assertOwned(seller(request), request.params.id);
        const photoId = await storeMessagePhoto(request, storage);
        return reply.code(201).send(await service.sendPhoto(seller(request), request.params.id, photoId));
      },
    );

    app.put(
      '/api/conversations/:id/read',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "Marks the buyer's messages in one conversation read (the buyer sees the read ticks)",
          params: conversationIdParams,
          response: { 200: markConversationReadResponse, ...errors },
        },
      },
      async (request) => service.markRead(seller(request), request.params.id),
    );

    app.get(
      '/api/quick-replies',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Your saved quick replies, oldest first',
          response: { 200: quickRepliesResponse, ...errors },
        },
      },
      async (request) => service.quickReplies.list(currentSeller(request).id),
    );

    app.post(
      '/api/quick-replies',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Saves a quick reply',
          body: quickReplyBody,
          response: { 201: quickReplyResponse, ...errors, ...errorResponses(409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.quickReplies.create(currentSeller(request).id, request.body)),
    );

    app.put(
      '/api/quick-replies/:id',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Changes a quick reply',
          params: quickReplyIdParams,
          body: quickReplyBody,
          response: { 200: quickReplyResponse, ...errors },
        },
      },
      async (request) =>
        service.quickReplies.update(currentSeller(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/quick-replies/:id',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Deletes a quick reply',
          params: quickReplyIdParams,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => service.quickReplies.remove(currentSeller(request).id, request.params.id),
    );

    // ---- The buyer's side ----

    app.get(
      '/api/buyer/conversations',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: "The buyer's inbox: their conversations with stores, latest first",
          querystring: conversationsQuery,
          response: { 200: conversationListResponse, ...errors },
        },
      },
      async (request) => service.list(buyer(request), request.query),
    );

    app.get(
      '/api/buyer/conversations/unread-count',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'Store messages the buyer has not read',
          response: { 200: conversationsUnreadCountResponse, ...errors },
        },
      },
      async (request) => service.buyerUnread(currentBuyer(request).id),
    );

    app.post(
      '/api/buyer/conversations',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary:
            "Opens (or finds) the buyer's conversation with the store of a show, a blip, an order or a store",
          body: buyerStartConversationBody,
          response: { 200: conversationResponse, ...errors },
        },
      },
      async (request) => {
        const me = currentBuyer(request);
        return service.buyerStart({ id: me.id, name: me.name }, request.body);
      },
    );

    app.get(
      '/api/buyer/conversations/:id',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: "One of the buyer's conversations",
          params: conversationIdParams,
          response: { 200: conversationResponse, ...errors },
        },
      },
      async (request) => service.get(buyer(request), request.params.id),
    );

    app.get(
      '/api/buyer/conversations/:id/messages',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: 'A page of the conversation, newest first',
          params: conversationIdParams,
          querystring: messagesQuery,
          response: { 200: messagesResponse, ...errors },
        },
      },
      async (request) => service.messages(buyer(request), request.params.id, request.query),
    );

    app.post(
      '/api/buyer/conversations/:id/messages',
      {
        onRequest: requireBuyer,
        config: sending,
        schema: {
          tags,
          security,
          summary: 'Sends a text message to the store',
          params: conversationIdParams,
          body: sendMessageBody,
          response: { 201: sentMessageResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.send(buyer(request), request.params.id, request.body)),
    );

    app.post(
      '/api/buyer/conversations/:id/photos',
      {
        onRequest: requireBuyer,
        config: { writeLimit: 'upload' },
        schema: {
          tags,
          security,
          summary: 'Multipart field photo: sends one image to the store (checked by content)',
          params: conversationIdParams,
          consumes: ['multipart/form-data'],
          response: { 201: sentMessageResponse, ...errors, ...errorResponses(413) },
        },
      },
      async (request, reply) => {
        await service.assertOwned(buyer(request), request.params.id);
        const photoId = await storeMessagePhoto(request, storage);
        return reply.code(201).send(await service.sendPhoto(buyer(request), request.params.id, photoId));
      },
    );

    app.put(
      '/api/buyer/conversations/:id/read',
      {
        onRequest: requireBuyer,
        schema: {
          tags,
          security,
          summary: "Marks the store's messages read (the seller sees the read ticks)",
          params: conversationIdParams,
          response: { 200: markConversationReadResponse, ...errors },
        },
      },
      async (request) => service.markRead(buyer(request), request.params.id),
    );

    app.get(
      '/api/media/messages/:file',
      {
        schema: {
          tags,
          summary: "A chat photo, by the signed, expiring link only the conversation's two sides are given",
          params: z.object({ file: z.string() }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const id = /^([0-9a-f-]{36})\.webp$/.exec(request.params.file)?.[1];
        if (!id || !photos.verify(id, request.query.expires, request.query.signature))
          throw new NotFoundError('Photo');
        const file = await storage.read(messagePhotoKey(id));
        if (!file) throw new NotFoundError('Photo');
        return sendStoredImage(reply, file, 'private');
      },
    );
  };
