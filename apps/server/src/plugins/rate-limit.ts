import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which default limit a write route without a `rateLimit` of its own gets: `upload` for uploads
     * whose files are decoded and re-encoded (CPU-heavy), `write` (the default) for the rest.
     */
    writeLimit?: 'write' | 'upload';
  }
}

export type Limit = { max: number; timeWindow: number };
export type WriteRateLimits = { write: Limit; upload: Limit };

const MINUTE = 60_000;
/**
 * Per route and per seller, buyer or (signed out) client address. Generous: a person never writes
 * this fast, and the e2e journeys, `npm run simulate` and the benchmarks stay below it (the products
 * page benchmark creates 900 products as one seller, each bidder of the bids benchmarks bids far
 * less than 1,200 times a minute); a script spraying one route does not.
 */
export const DEFAULT_WRITE_RATE_LIMITS: WriteRateLimits = {
  write: { max: 1200, timeWindow: MINUTE },
  upload: { max: 60, timeWindow: MINUTE },
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The documented opt-outs: the operator's routes (`npm run admin`, the admin token) and the health
 * probe. A route may also opt out with `config: { rateLimit: false }`.
 */
const UNLIMITED = [/^\/api\/admin\//, /^\/api\/health(\/|$)/];

/** Who is writing: the authenticated seller or buyer, else the client address. */
export function writerKey(request: FastifyRequest): string {
  if (request.seller) return `seller:${request.seller.id}`;
  if (request.buyer) return `buyer:${request.buyer.id}`;
  return `ip:${request.ip}`;
}

function humanDuration(ms: number) {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/**
 * Every write route (POST, PUT, PATCH, DELETE) is limited. A route may set its own limit
 * (`config: { rateLimit: { max, timeWindow } }`: the auth routes count per address, blip likes and
 * comments per buyer); any other write gets the default of `limits`, counted per route and per
 * writer (`writerKey`) after the route's authentication hooks have run (hook `preHandler`), so two
 * sellers have separate budgets and buyers behind one address (carrier-grade NAT) do not share one.
 * With Redis the counters are shared by every node, so a limit holds across the cluster.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redis: Redis | null,
  limits: WriteRateLimits = DEFAULT_WRITE_RATE_LIMITS,
) {
  // Added before the plugin's own onRoute hook, so it sees the default this one fills in.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m))) return;
    if (route.config?.rateLimit !== undefined) return;
    if (UNLIMITED.some((pattern) => pattern.test(route.url))) return;
    const limit = limits[route.config?.writeLimit ?? 'write'];
    route.config = {
      ...route.config,
      rateLimit: { ...limit, hook: 'preHandler', keyGenerator: writerKey },
    };
  });
  await app.register(rateLimit, {
    global: false,
    // While Redis is away the counters cannot be read: the write goes through uncounted rather
    // than failing (every write answered 500 with Redis killed: issue 18, `npm run chaos`). Limits
    // are a guard against abuse; a seller's sale must not depend on the cache.
    ...(redis ? { redis, nameSpace: 'kasuwa-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests. Please try again in ${humanDuration(context.ttl)}.`,
    }),
  });
}
