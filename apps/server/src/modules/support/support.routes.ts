import { timingSafeEqual } from 'node:crypto';
import {
  createSupportTicketBody,
  createSupportTicketResponse,
  supportTicketReferenceParams,
  supportTicketSchema,
  supportTicketStatusBody,
  supportTicketStatusResponse,
  supportTicketsResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { UnauthorizedError } from '@/lib/errors.ts';
import type { SupportService } from '@/modules/support/support.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';
import type { Limit } from '@/plugins/rate-limit.ts';

const tags = ['support'];
const security = [{ bearerAuth: [] }];

/** Per seller: a person writes a handful of tickets a day; a script filling the desk's inbox is stopped. */
export const SUPPORT_TICKET_RATE_LIMIT: Limit = { max: 10, timeWindow: 60 * 60_000 };

/** Help & Support (issue 17): the seller's own tickets only; another seller's id answers 404. */
export const supportRoutes =
  ({
    service,
    requireSeller,
    ticketLimit = SUPPORT_TICKET_RATE_LIMIT,
    adminToken,
  }: {
    service: SupportService;
    requireSeller: RequireSeller;
    ticketLimit?: Limit;
    /** The operator's token (npm run admin), for the status route. */
    adminToken: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // The operator's route, in a scope of its own so its token check touches no other route.
    await app.register(async (admin) => {
      admin.addHook('onRequest', async (request) => {
        const header = request.headers.authorization ?? '';
        const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
        const expected = Buffer.from(adminToken);
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new UnauthorizedError('Invalid admin token');
      });
      admin.withTypeProvider<ZodTypeProvider>().post(
        '/api/admin/support/tickets/:reference',
        {
          schema: {
            tags: ['admin'],
            security: [{ adminToken: [] }],
            summary: "The support desk moves a ticket's status (npm run admin -- ticket HLP-100001 answered)",
            params: supportTicketReferenceParams,
            body: supportTicketStatusBody,
            response: { 200: supportTicketStatusResponse, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.setStatus(request.params.reference, request.body.status),
      );
    });

    const seller = requireSeller();
    app.post(
      '/api/support/tickets',
      {
        onRequest: seller,
        config: {
          rateLimit: {
            ...ticketLimit,
            hook: 'preHandler',
            keyGenerator: (request) => `seller:${request.seller?.id ?? request.ip}`,
          },
        },
        schema: {
          tags,
          security,
          summary: 'Open a support ticket: stored, e-mailed to support, confirmed to the seller by e-mail',
          body: createSupportTicketBody,
          response: { 201: createSupportTicketResponse, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return service.open(currentSeller(request).id, request.body);
      },
    );

    app.get(
      '/api/support/tickets',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: "The seller's own support tickets with their status, newest first",
          response: { 200: supportTicketsResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => service.list(currentSeller(request).id),
    );

    app.get(
      '/api/support/tickets/:id',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: "One of the seller's support tickets",
          params: z.object({ id: z.uuid() }),
          response: { 200: supportTicketSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.get(currentSeller(request).id, request.params.id),
    );
  };
