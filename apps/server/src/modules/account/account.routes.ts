import { accountOverviewResponse } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { AccountService } from '@/modules/account/account.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

/** The Account screen's read (issue 17). */
export const accountRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: AccountService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/seller/account',
      {
        onRequest: requireSeller(),
        schema: {
          tags: ['account'],
          security: [{ bearerAuth: [] }],
          summary:
            'Who the seller is and their store: contact, approval and KYC status, store link, referrals, onboarding time',
          response: { 200: accountOverviewResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => service.overview(currentSeller(request).id),
    );
  };
