import { conversationsUnreadCountResponse, markAllReadResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { ConversationsService } from '@/modules/conversations/conversations.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['conversations'];
const security = [{ bearerAuth: [] }];

export const conversationsRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: ConversationsService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // GET /api/conversations, the list itself, is messages.routes.ts's (issue 16).
    app.get(
      '/api/conversations/unread-count',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "Unread buyer messages over all of the seller's conversations (the messages badge)",
          response: { 200: conversationsUnreadCountResponse, ...errors },
        },
      },
      async (request) => service.unreadCount(currentSeller(request).id),
    );

    app.put(
      '/api/conversations/mark-all-read',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "Mark every buyer message in the seller's conversations read",
          response: { 200: markAllReadResponse, ...errors },
        },
      },
      async (request) => service.markAllRead(currentSeller(request).id),
    );
  };
