import { stepUpCodeResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { StepUpService } from '@/modules/auth/step-up.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

/** POST /api/auth/step-up/code, limited per address like the code routes of auth. */
export const stepUpRoutes =
  ({
    service,
    requireSeller,
    rateLimit,
  }: {
    service: StepUpService;
    requireSeller: RequireSeller;
    rateLimit: { max: number; timeWindow: number };
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/step-up/code',
      {
        onRequest: requireSeller(),
        config: { rateLimit },
        schema: {
          tags: ['account'],
          summary: 'E-mail a 6-digit code that confirms a payout or a bank account change',
          security: [{ bearerAuth: [] }],
          response: { 200: stepUpCodeResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => service.sendCode(currentSeller(request)),
    );
  };
