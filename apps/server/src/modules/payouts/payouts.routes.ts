import {
  payoutBanksResponse,
  payoutIdempotencyHeaders,
  payoutResponse,
  payoutScheduleBody,
  payoutScheduleResponse,
  payoutsQuery,
  payoutsResponse,
  requestPayoutBody,
  resolveBankAccountBody,
  resolveBankAccountResponse,
  saveBankAccountBody,
  saveBankAccountResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { nairaText } from '@/lib/naira.ts';
import { toPayoutView } from '@/modules/payouts/payout-views.ts';
import type { PayoutsService } from '@/modules/payouts/payouts.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';
import { writerKey } from '@/plugins/rate-limit.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502);
const tags = ['payouts'];
const security = [{ bearerAuth: [] }];

/**
 * The seller's payouts (issue 15): banks, the name check and the payout account, payouts and their
 * history, the automatic schedule. Routes that move money or its destination are limited per
 * seller like log-in (`stepUpRateLimit`): each checks a password or a code.
 */
export const payoutsRoutes =
  ({
    service,
    requireSeller,
    stepUpRateLimit,
  }: {
    service: PayoutsService;
    requireSeller: RequireSeller;
    stepUpRateLimit: { max: number; timeWindow: number };
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();
    // Counted per seller once authenticated, like the write limit, with log-in's budget.
    const guarded = { ...stepUpRateLimit, hook: 'preHandler' as const, keyGenerator: writerKey };

    app.get(
      '/api/payouts/banks',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: 'The banks a payout can go to',
          response: { 200: payoutBanksResponse, ...errors },
        },
      },
      async () => service.banks(),
    );

    app.post(
      '/api/payouts/bank-account/resolve',
      {
        onRequest: authenticate,
        config: { rateLimit: guarded },
        schema: {
          tags,
          security,
          summary: "The account holder's name the bank answers for an account number (NUBAN name check)",
          body: resolveBankAccountBody,
          response: { 200: resolveBankAccountResponse, ...errors },
        },
      },
      async (request) => service.resolve(request.body),
    );

    app.put(
      '/api/payouts/bank-account',
      {
        onRequest: authenticate,
        config: { rateLimit: guarded },
        schema: {
          tags,
          security,
          summary:
            'Add or change the payout bank account (step-up required; a change e-mails the seller and holds payouts for 24 hours)',
          body: saveBankAccountBody,
          response: { 200: saveBankAccountResponse, ...errors },
        },
      },
      async (request) => service.saveBankAccount(currentSeller(request).id, request.body),
    );

    app.get(
      '/api/payouts',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: "The seller's payouts, newest first, a page at a time",
          querystring: payoutsQuery,
          response: { 200: payoutsResponse, ...errors },
        },
      },
      async (request) => service.list(currentSeller(request).id, request.query.page, request.query.limit),
    );

    app.post(
      '/api/payouts',
      {
        onRequest: authenticate,
        config: { rateLimit: guarded },
        schema: {
          tags,
          security,
          summary:
            'Request a payout of part of the available balance (step-up required); 201, or 200 with the same payout for a retried Idempotency-Key',
          headers: payoutIdempotencyHeaders,
          body: requestPayoutBody,
          response: { 200: payoutResponse, 201: payoutResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { created, payout } = await service.requestPayout(
          currentSeller(request).id,
          request.body,
          request.headers['idempotency-key'],
        );
        return reply.code(created ? 201 : 200).send({
          message: `Your payout of ${nairaText(payout.amountKobo)} to ${payout.bankName} is on its way.`,
          payout: toPayoutView(payout),
        });
      },
    );

    app.put(
      '/api/payouts/schedule',
      {
        onRequest: authenticate,
        config: { rateLimit: guarded },
        schema: {
          tags,
          security,
          summary:
            'Automatic payouts of the whole available balance: weekly, daily, or only on request (step-up required)',
          body: payoutScheduleBody,
          response: { 200: payoutScheduleResponse, ...errors },
        },
      },
      async (request) =>
        service.setSchedule(currentSeller(request).id, request.body.schedule, request.body.stepUp),
    );
  };
