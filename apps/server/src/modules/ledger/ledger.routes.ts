import {
  earningsChartQuery,
  earningsChartResponse,
  earningsSummaryResponse,
  ledgerTransactionsQuery,
  ledgerTransactionsResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { EarningsService } from '@/modules/ledger/earnings.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 404);
const tags = ['earnings'];
const security = [{ bearerAuth: [] }];

/** The Earnings & Payouts screen's reads of the seller's own ledger. */
export const ledgerRoutes =
  ({
    earnings,
    requireSeller,
  }: {
    earnings: EarningsService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();

    app.get(
      '/api/earnings/summary',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            'The Earnings cards: available, pending (and when it next frees up), in flight, paid out this month (Lagos), owed; the payout account and schedule',
          response: { 200: earningsSummaryResponse, ...errors },
        },
      },
      async (request) => earnings.summary(currentSeller(request).id),
    );

    app.get(
      '/api/earnings/transactions',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            "The seller's ledger lines, newest first: a filter chip (sales, fees, refunds, payouts), Lagos days from/to, pages",
          querystring: ledgerTransactionsQuery,
          response: { 200: ledgerTransactionsResponse, ...errors },
        },
      },
      async (request) => earnings.transactions(currentSeller(request).id, request.query),
    );

    app.get(
      '/api/earnings/chart',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            'Sales, commission and fees, refunds and net earnings per Lagos day, week or month between two days',
          querystring: earningsChartQuery,
          response: { 200: earningsChartResponse, ...errors },
        },
      },
      async (request) => earnings.chart(currentSeller(request).id, request.query),
    );
  };
