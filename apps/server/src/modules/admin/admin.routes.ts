import { timingSafeEqual } from 'node:crypto';
import {
  type AdminTestClockResponse,
  adminBlipCommentBody,
  adminBlipCommentParams,
  adminBlipCommentResponse,
  adminNotifyBody,
  adminNotifyResponse,
  adminSellerCommandBody,
  adminSellerCommandParams,
  adminSellerCommandResponse,
  adminSweepUploadsResponse,
  adminTestClockBody,
  adminTestClockResponse,
  errorResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '@/lib/errors.ts';
import type { AdminService } from '@/modules/admin/admin.service.ts';
import type { BlipCommentsService } from '@/modules/blips/blip-comments.service.ts';
import type { SweepReport } from '@/modules/uploads/upload-sweeper.ts';
import type { UploadSweeperHandle } from '@/modules/uploads/uploads.module.ts';

export function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the operator reads: what was removed, what was kept and why. */
export function sweepMessage(report: SweepReport, graceHours: number): string {
  const { totals, areas } = report;
  const lines = [
    `Removed ${totals.deleted} orphaned upload(s) (product photos ${areas.products.deleted}, show media ${areas.streams.deleted}, blip files ${areas.blips.deleted}) of ${totals.examined} looked at.`,
    `Kept ${totals.inUse} in use and ${totals.recent} newer than ${graceHours} h.`,
  ];
  if (totals.skipped) lines.push(`Left ${totals.skipped} file(s) whose names are not uploads'.`);
  if (totals.failed)
    lines.push(
      `${totals.failed} could not be checked or removed (see the server log); the next sweep tries again.`,
    );
  if (!report.complete) lines.push('Stopped early: the server is shutting down. Run it again.');
  return lines.join('\n');
}

/** The operator's channel (`npm run admin`): only the admin token of this DATA_DIR opens it. */
export const adminRoutes =
  ({
    service,
    adminToken,
    blips,
    uploadSweeper,
    testClock,
  }: {
    service: AdminService;
    adminToken: string;
    /** Buyer comments on blips for demos and e2e, until buyers have accounts. */
    blips: Pick<BlipCommentsService, 'addBuyerComment'>;
    /** `npm run admin -- sweep-uploads`. */
    uploadSweeper: Pick<UploadSweeperHandle, 'sweepAll' | 'settings'>;
    /**
     * Only on a TEST_CLOCK=1 server (end-to-end journeys): `POST /api/admin/test-clock` lets days
     * pass. Absent, the route does not exist at all.
     */
    testClock?: { advance: (ms: number) => Promise<AdminTestClockResponse> };
  }): FastifyPluginAsyncZod =>
  async (app) => {
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
      '/api/admin/uploads/sweep',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Remove orphaned uploads now: product photos, show media and blip files no row names, older than the grace period',
          security: [{ adminToken: [] }],
          response: { 200: adminSweepUploadsResponse, 401: errorResponse },
        },
      },
      async () => {
        const report = await uploadSweeper.sweepAll();
        const graceHours = Math.round((uploadSweeper.settings.graceMs / 3_600_000) * 10) / 10;
        return { message: sweepMessage(report, graceHours), graceHours, ...report };
      },
    );

    if (testClock) {
      const advance = testClock.advance;
      app.post(
        '/api/admin/test-clock',
        {
          schema: {
            tags: ['admin'],
            summary:
              'TEST_CLOCK=1 servers only: move the clock forward, and waiting jobs as far, so days pass at once',
            security: [{ adminToken: [] }],
            body: adminTestClockBody,
            response: { 200: adminTestClockResponse, 400: errorResponse, 401: errorResponse },
          },
        },
        async (request) => advance(Math.round(request.body.advanceDays * 86_400_000)),
      );
    }

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
