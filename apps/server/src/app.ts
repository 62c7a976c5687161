import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { tokenService } from '@/lib/tokens.ts';
import type { Mailer } from '@/mail/mailer.ts';
import {
  type AuthRateLimits,
  accountsRoutes,
  DEFAULT_AUTH_RATE_LIMITS,
} from '@/modules/accounts/accounts.routes.ts';
import { accountsService } from '@/modules/accounts/accounts.service.ts';
import { oneTimeCodeStore } from '@/modules/accounts/one-time-codes.ts';
import { adminRoutes } from '@/modules/admin/admin.routes.ts';
import { healthRoutes } from '@/modules/health/health.routes.ts';
import { sellerAuth } from '@/plugins/auth.ts';
import { registerErrorHandler } from '@/plugins/error-handler.ts';
import { registerOpenApi } from '@/plugins/openapi.ts';
import { registerRateLimit } from '@/plugins/rate-limit.ts';
import { registerSecurityHeaders } from '@/plugins/security-headers.ts';
import { registerStaticSpa } from '@/plugins/static-spa.ts';

export type AppDeps = {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  /** A pino logger, or false to stay quiet (benchmarks). */
  logger: FastifyBaseLogger | false;
  adminToken: string;
  /** Signs session tokens and keys the hashes of e-mailed codes. */
  jwtSecret: string;
  /** Per-address limits of the auth routes; tests loosen or tighten them. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** The built SPA folder; null when only the API is wanted. */
  webDist: string | null;
  redis?: Redis | null;
  version?: string;
  trustProxy?: boolean;
  /** JSON bodies above this many bytes are refused with 413. Uploads use multipart limits instead. */
  bodyLimit?: number;
};

export type App = FastifyInstance;

/** One log line per request, written when it completes, instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(
    error: Error | null | undefined,
    request: { method: string; url: string; log: FastifyBaseLogger },
    reply: { statusCode: number; elapsedTime: number; log: FastifyBaseLogger },
  ) {
    // Load balancers probe health every few seconds; a healthy answer is noise in the log.
    if (!error && reply.statusCode < 400 && request.url === '/api/health') return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/**
 * Builds the whole HTTP application from its dependencies. It reads no environment, opens no
 * database and listens on nothing: server.ts does that, tests call it with their own parts.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    trustProxy: deps.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    // Idle keep-alive sockets are closed at shutdown; requests in flight are allowed to finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app, ['/api/docs']);
  await registerRateLimit(app, deps.redis ?? null);
  await registerOpenApi(app, deps.version ?? '0.0.0');

  const startedAt = Date.now();
  await app.register(healthRoutes({ db: deps.db, version: deps.version ?? '0.0.0', startedAt }));
  await app.register(adminRoutes({ db: deps.db, adminToken: deps.adminToken }));

  app.decorateRequest('seller', null);
  const tokens = tokenService(deps.jwtSecret, deps.clock);
  const requireSeller = sellerAuth(deps.db, tokens);
  const accounts = accountsService({
    db: deps.db,
    tokens,
    codes: oneTimeCodeStore(deps.jwtSecret),
    mailer: deps.mailer,
    clock: deps.clock,
    log: app.log,
  });
  await app.register(
    accountsRoutes({
      service: accounts,
      requireSeller,
      rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.authRateLimits },
    }),
  );

  await registerStaticSpa(app, deps.webDist);
  return app;
}
