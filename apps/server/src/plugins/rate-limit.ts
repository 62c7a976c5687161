import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

function humanDuration(ms: number) {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`): the auth routes
 * use them. With Redis the counters are shared by every node, so a limit holds across the cluster.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | null) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'kasuwa-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests. Please try again in ${humanDuration(context.ttl)}.`,
    }),
  });
}
