import { conversationsResponse, errorResponse, markAllReadResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationsService } from '@/modules/conversations/conversations.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse };
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
    app.get(
      '/api/conversations',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "The seller's conversations with buyers, each with its unread count",
          response: { 200: conversationsResponse, ...errors },
        },
      },
      async (request) => service.list(currentSeller(request).id),
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
