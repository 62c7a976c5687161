import { statementCsvQuery, statementMonthParams } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '@/lib/csv-export.ts';
import { errorResponses } from '@/lib/error-responses.ts';
import type { StatementsService } from '@/modules/statements/statements.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 404);
const tags = ['earnings'];
const security = [{ bearerAuth: [] }];
/** A PDF answer for OpenAPI: the bytes, described. */
const pdf = z.any().describe('application/pdf');

/** Statements of the seller's earnings (issue 15): a CSV of any date range, a month's PDF. */
export const statementsRoutes =
  ({
    statements,
    requireSeller,
  }: {
    statements: StatementsService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();

    app.get(
      '/api/earnings/statement.csv',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            "The seller's ledger lines between two Lagos days (inclusive), oldest first, as CSV with the available balance after each line; streamed",
          querystring: statementCsvQuery,
          produces: ['text/csv'],
          response: errors,
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await statements.csv(currentSeller(request).id, request.query);
        return sendCsv(reply, fileName, stream);
      },
    );

    app.get(
      '/api/earnings/statements/:month.pdf',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary:
            "A month's statement (YYYY-MM, Lagos time) as PDF: opening and closing available balance, the month's totals and every line; streamed",
          params: statementMonthParams,
          produces: ['application/pdf'],
          response: { 200: pdf, ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await statements.monthPdf(
          currentSeller(request).id,
          request.params.month,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  };
