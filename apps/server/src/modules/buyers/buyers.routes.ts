import { buyerAuthResponse, buyerLoginBody, buyerMeResponse, buyerRegisterBody } from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { type BuyersService, toBuyerView } from '@/modules/buyers/buyers.service.ts';
import type { RequireBuyer } from '@/plugins/auth.ts';

export type BuyerRateLimits = Record<'register' | 'login', { max: number; timeWindow: number }>;

const MINUTE = 60_000;
/**
 * Per client address. Higher than the sellers' limits: buyers at a popular show arrive together,
 * and Nigerian mobile networks put many phones behind one address (carrier-grade NAT).
 */
export const DEFAULT_BUYER_RATE_LIMITS: BuyerRateLimits = {
  register: { max: 100, timeWindow: 10 * MINUTE },
  login: { max: 100, timeWindow: MINUTE },
};

/** The default limits with `max` multiplied by `scale` (AUTH_RATE_LIMIT_SCALE). */
export function scaleBuyerRateLimits(scale: number): BuyerRateLimits {
  return {
    register: { ...DEFAULT_BUYER_RATE_LIMITS.register, max: DEFAULT_BUYER_RATE_LIMITS.register.max * scale },
    login: { ...DEFAULT_BUYER_RATE_LIMITS.login, max: DEFAULT_BUYER_RATE_LIMITS.login.max * scale },
  };
}

/** Moved beside requireSeller; kept here for the modules that import it from buyers. */
export type { RequireBuyer } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 409, 429);
const tags = ['buyers'];

export const buyersRoutes =
  ({
    service,
    requireBuyer,
    rateLimits,
  }: {
    service: BuyersService;
    requireBuyer: RequireBuyer;
    rateLimits: BuyerRateLimits;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/buyers/register',
      {
        config: { rateLimit: rateLimits.register },
        schema: {
          tags,
          summary: 'Create a buyer account (to comment on and bid in live shows)',
          body: buyerRegisterBody,
          response: { 201: buyerAuthResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await service.register(request.body)),
    );

    app.post(
      '/api/buyers/login',
      {
        config: { rateLimit: rateLimits.login },
        schema: {
          tags,
          summary: 'Log a buyer in',
          body: buyerLoginBody,
          response: { 200: buyerAuthResponse, ...errors },
        },
      },
      async (request) => service.login(request.body),
    );

    app.get(
      '/api/buyers/me',
      {
        schema: {
          tags,
          summary: 'The buyer of the token; 401 for a seller token or an invalid one',
          security: [{ bearerAuth: [] }],
          response: { 200: buyerMeResponse, ...errors },
        },
      },
      async (request) => ({ buyer: toBuyerView(await requireBuyer(request)) }),
    );
  };
