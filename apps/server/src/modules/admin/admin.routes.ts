import { timingSafeEqual } from 'node:crypto';
import {
  adminBlipCommentBody,
  adminBlipCommentParams,
  adminBlipCommentResponse,
  adminNotifyBody,
  adminNotifyResponse,
  adminSellerCommandBody,
  adminSellerCommandParams,
  adminSellerCommandResponse,
  errorResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client.ts';
import { UnauthorizedError } from '@/lib/errors.ts';
import type { Mailer } from '@/mail/mailer.ts';
import { adminRepository } from '@/modules/admin/admin.repository.ts';
import { adminService } from '@/modules/admin/admin.service.ts';
import type { BlipsService } from '@/modules/blips/blips.service.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The operator's channel (`npm run admin`): only the admin token of this DATA_DIR opens it. */
export const adminRoutes =
  ({
    db,
    adminToken,
    notifications,
    mailer,
    blips,
  }: {
    db: Database;
    adminToken: string;
    notifications: Pick<NotificationsService, 'create'>;
    mailer: Mailer;
    /** Buyer comments on blips for demos and e2e, until buyers have accounts. */
    blips: Pick<BlipsService, 'addBuyerComment'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = adminService({ repo: adminRepository(db), notifications, mailer, log: app.log });

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!token || !sameSecret(token, adminToken)) throw new UnauthorizedError('Invalid admin token');
    });

    app.post(
      '/api/admin/sellers/notify',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a notification for a seller (pushed live to their dashboard)',
          security: [{ adminToken: [] }],
          body: adminNotifyBody,
          response: { 200: adminNotifyResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
        },
      },
      async (request) => service.notify(request.body),
    );

    app.post(
      '/api/admin/blips/:blipId/comments',
      {
        schema: {
          tags: ['admin'],
          summary: "Add a buyer's comment to a blip (demos and e2e); the seller is notified",
          security: [{ adminToken: [] }],
          params: adminBlipCommentParams,
          body: adminBlipCommentBody,
          response: {
            201: adminBlipCommentResponse,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const answer = await blips.addBuyerComment(request.params.blipId, request.body);
        return reply.code(201).send(answer);
      },
    );

    app.post(
      '/api/admin/sellers/:command',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approve, disable, enable, block or unblock a seller by e-mail',
          security: [{ adminToken: [] }],
          params: adminSellerCommandParams,
          body: adminSellerCommandBody,
          response: {
            200: adminSellerCommandResponse,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request) => service.applySellerCommand(request.params.command, request.body.email),
    );
  };
