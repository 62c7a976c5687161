import { errorResponse, healthResponse, healthUnavailableResponse } from '@kasuwa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client.ts';

type HealthDeps = { db: Database; version: string; startedAt: number };

export const healthRoutes =
  ({ db, version, startedAt }: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponse, 503: healthUnavailableResponse, 500: errorResponse },
        },
      },
      async (_request, reply) => {
        const began = performance.now();
        let reachable = true;
        try {
          await db.execute(sql`select 1`);
        } catch {
          reachable = false;
        }
        const body = {
          status: reachable ? ('ok' as const) : ('degraded' as const),
          version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: {
            reachable,
            latencyMs: reachable ? Math.round((performance.now() - began) * 10) / 10 : null,
          },
        };
        if (!reachable) return reply.code(503).send({ ...body, message: 'The database is unreachable' });
        return body;
      },
    );
  };
