import {
  adminKycBody,
  adminKycParams,
  adminKycResponse,
  errorResponse,
  kycResponse,
  submitKycBody,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { UnauthorizedError } from '@/lib/errors.ts';
import { sameSecret } from '@/modules/admin/admin.routes.ts';
import type { KycService } from '@/modules/kyc/kyc.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';
import { writerKey } from '@/plugins/rate-limit.ts';

const tags = ['kyc'];
const security = [{ bearerAuth: [] }];

/** Each submission asks a paid register: a seller gets this many an hour. */
export const KYC_SUBMISSIONS_PER_HOUR = 10;

/** The seller's identity verification (issue 17): read it, submit the numbers. */
export const kycRoutes =
  ({
    service,
    requireSeller,
  }: {
    service: KycService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticate = requireSeller();

    app.get(
      '/api/seller/kyc',
      {
        onRequest: authenticate,
        schema: {
          tags,
          security,
          summary: "The seller's identity verification: status, numbers on file (last 4 digits), history",
          response: { 200: kycResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => service.get(currentSeller(request).id),
    );

    app.post(
      '/api/seller/kyc',
      {
        onRequest: authenticate,
        config: {
          rateLimit: {
            max: KYC_SUBMISSIONS_PER_HOUR,
            timeWindow: 60 * 60 * 1000,
            hook: 'preHandler',
            keyGenerator: writerKey,
          },
        },
        schema: {
          tags,
          security,
          summary:
            'Submit BVN and NIN (individuals) or CAC number and a director’s BVN (businesses) for the identity check and review',
          body: submitKycBody,
          response: { 200: kycResponse, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
        },
      },
      async (request) => service.submit(currentSeller(request).id, request.body),
    );
  };

/** The review team's side (`npm run admin -- kyc …`): only the admin token of this DATA_DIR opens it. */
export const kycAdminRoutes =
  ({ service, adminToken }: { service: KycService; adminToken: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!token || !sameSecret(token, adminToken)) throw new UnauthorizedError('Invalid admin token');
    });

    app.post(
      '/api/admin/kyc/:decision',
      {
        schema: {
          tags: ['admin'],
          summary: "Approve or reject a seller's identity verification by e-mail (notified and e-mailed)",
          security: [{ adminToken: [] }],
          params: adminKycParams,
          body: adminKycBody,
          response: {
            200: adminKycResponse,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
            409: errorResponse,
          },
        },
      },
      async (request) => service.review(request.params.decision, request.body),
    );
  };
