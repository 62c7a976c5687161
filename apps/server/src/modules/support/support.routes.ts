import {
  createSupportTicketBody,
  createSupportTicketResponse,
  supportTicketSchema,
  supportTicketsResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
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
  }: {
    service: SupportService;
    requireSeller: RequireSeller;
    ticketLimit?: Limit;
  }): FastifyPluginAsyncZod =>
  async (app) => {
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
