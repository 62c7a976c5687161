import {
  markAllReadResponse,
  markNotificationReadResponse,
  notificationIdParams,
  notificationsQuery,
  notificationsResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

export const notificationsRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: NotificationsService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notifications',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "The seller's notifications, newest first, with today's unread count",
          querystring: notificationsQuery,
          response: { 200: notificationsResponse, ...errors },
        },
      },
      async (request) => service.list(currentSeller(request).id, request.query),
    );

    // Registered before /:id/mark-read so "mark-all-read" is never taken for an id.
    app.put(
      '/api/notifications/mark-all-read',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "Mark all of the seller's notifications read",
          response: { 200: markAllReadResponse, ...errors },
        },
      },
      async (request) => service.markAllRead(currentSeller(request).id),
    );

    app.put(
      '/api/notifications/:id/mark-read',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Mark one notification read; 404 unless it is the seller’s own',
          params: notificationIdParams,
          response: { 200: markNotificationReadResponse, ...errors },
        },
      },
      async (request) => service.markRead(currentSeller(request).id, request.params.id),
    );
  };
