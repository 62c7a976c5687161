import {
  accountDisabledResponse,
  checkTokenResponse,
  emailOnlyBody,
  errorResponse,
  loginBody,
  loginResponse,
  messageResponse,
  onboardingProcessResponse,
  registerBody,
  registerResponse,
  resetPasswordBody,
  sellerSchema,
  updateOnboardingProcessBody,
  updateOnboardingProcessResponse,
  verifyOtpBody,
  verifyOtpResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { AuthService } from '@/modules/auth/auth.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

export type AuthRateLimits = Record<
  'register' | 'login' | 'verifyOtp' | 'resendOtp' | 'forgotPassword' | 'resetPassword',
  { max: number; timeWindow: number }
>;

const MINUTE = 60_000;
/** Per client address; the per-account rules (codes, failed log-ins) live in the service. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  register: { max: 20, timeWindow: 10 * MINUTE },
  login: { max: 20, timeWindow: MINUTE },
  verifyOtp: { max: 20, timeWindow: MINUTE },
  resendOtp: { max: 10, timeWindow: MINUTE },
  forgotPassword: { max: 10, timeWindow: MINUTE },
  resetPassword: { max: 20, timeWindow: MINUTE },
};

/** The default limits with `max` multiplied by `scale` (AUTH_RATE_LIMIT_SCALE). */
export function scaleAuthRateLimits(scale: number): AuthRateLimits {
  return Object.fromEntries(
    Object.entries(DEFAULT_AUTH_RATE_LIMITS).map(([route, limit]) => [
      route,
      { ...limit, max: limit.max * scale },
    ]),
  ) as AuthRateLimits;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['account'];

export const authRoutes =
  ({
    service,
    requireSeller,
    rateLimits,
  }: {
    service: AuthService;
    requireSeller: RequireSeller;
    rateLimits: AuthRateLimits;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/seller/register',
      {
        config: { rateLimit: rateLimits.register },
        schema: {
          tags,
          summary: 'Create a seller account and e-mail a verification code',
          body: registerBody,
          response: { 201: registerResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await service.register(request.body)),
    );

    app.post(
      '/api/seller/login',
      {
        config: { rateLimit: rateLimits.login },
        schema: {
          tags,
          summary: 'Log in; a disabled seller gets their data and isDisabled but no token (403)',
          body: loginBody,
          response: { 200: loginResponse, ...errors, 403: accountDisabledResponse.or(errorResponse) },
        },
      },
      async (request) => service.login(request.body.email, request.body.password),
    );

    app.post(
      '/api/seller/verify-otp',
      {
        config: { rateLimit: rateLimits.verifyOtp },
        schema: {
          tags,
          summary: 'Verify the e-mail with its 6-digit code',
          body: verifyOtpBody,
          response: { 200: verifyOtpResponse, ...errors },
        },
      },
      async (request) => service.verifyOtp(request.body.email, request.body.otp),
    );

    app.post(
      '/api/seller/resend-otp',
      {
        config: { rateLimit: rateLimits.resendOtp },
        schema: {
          tags,
          summary: 'Send a new verification code',
          body: emailOnlyBody,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => service.resendOtp(request.body.email),
    );

    app.post(
      '/api/seller/forgot-password',
      {
        config: { rateLimit: rateLimits.forgotPassword },
        schema: {
          tags,
          summary: 'E-mail a password reset code',
          body: emailOnlyBody,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => service.forgotPassword(request.body.email),
    );

    app.post(
      '/api/seller/reset-password',
      {
        config: { rateLimit: rateLimits.resetPassword },
        schema: {
          tags,
          summary: 'Set a new password with the reset code; older sessions stop working',
          body: resetPasswordBody,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) =>
        service.resetPassword(request.body.email, request.body.code, request.body.newPassword),
    );

    app.get(
      '/api/seller/check-token',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          summary: 'Check the session; 200 with a refreshed token, 401 when invalid or expired',
          security: [{ bearerAuth: [] }],
          response: { 200: checkTokenResponse, ...errors },
        },
      },
      async (request) => service.refreshToken(currentSeller(request)),
    );

    app.get(
      '/api/seller/profile',
      {
        onRequest: requireSeller({ allowDisabled: true }),
        schema: {
          tags,
          summary: 'The seller record; 404 for a blocked seller',
          security: [{ bearerAuth: [] }],
          response: { 200: sellerSchema, ...errors },
        },
      },
      async (request) => service.profile(currentSeller(request)),
    );

    app.get(
      '/api/seller/onboarding-process',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          summary: 'Where the seller is in onboarding',
          security: [{ bearerAuth: [] }],
          response: { 200: onboardingProcessResponse, ...errors },
        },
      },
      async (request) => ({ onboardingProcess: service.profile(currentSeller(request)).onboardingProcess }),
    );

    app.put(
      '/api/seller/onboarding-process',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          summary: 'Save the onboarding step; answers a fresh token',
          security: [{ bearerAuth: [] }],
          body: updateOnboardingProcessBody,
          response: { 200: updateOnboardingProcessResponse, ...errors },
        },
      },
      async (request) => service.setOnboardingProcess(currentSeller(request), request.body.onboardingProcess),
    );
  };
