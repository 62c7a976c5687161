import { healthResponse, healthUnavailableResponse } from '@kasuwa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Availability } from '@/db/availability.ts';
import type { Database } from '@/db/client.ts';
import type { DiskSpace } from '@/db/disk-space.ts';
import { errorResponses } from '@/lib/error-responses.ts';

/** What the server knows beside one query: the database supervisor's state and the disk's free space. */
export type HealthSources = { availability?: Availability; disk?: DiskSpace };

type HealthDeps = { db: Database; version: string; startedAt: number } & HealthSources;

export const healthRoutes =
  ({ db, version, startedAt, availability, disk }: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness, database reachability and free disk space',
          response: { 200: healthResponse, 503: healthUnavailableResponse, ...errorResponses(500) },
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
        const known = availability?.state();
        // statfs is one cheap system call: a probe sees the disk as it is now, not as of the last check.
        const diskStatus = disk ? await disk.check() : undefined;
        const warnings: string[] = [];
        if (diskStatus?.low) {
          const mb = (b: number | null) => Math.round((b ?? 0) / 1048576);
          warnings.push(
            `Disk space is low on DATA_DIR: ${mb(diskStatus.freeBytes)} MB free (warning below ${mb(diskStatus.thresholdBytes)} MB). Free some space, or writes will soon be refused.`,
          );
        }
        const reason = reachable ? null : (known?.reason ?? null);
        const body = {
          status: reachable && warnings.length === 0 ? ('ok' as const) : ('degraded' as const),
          version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: {
            reachable,
            latencyMs: reachable ? Math.round((performance.now() - began) * 10) / 10 : null,
            ...(availability ? { restarting: !reachable && (known?.restarting ?? false), reason } : {}),
          },
          ...(diskStatus ? { disk: diskStatus } : {}),
          ...(warnings.length ? { warnings } : {}),
        };
        if (!reachable) {
          const message = reason ? `The database is unreachable: ${reason}` : 'The database is unreachable';
          return reply.code(503).send({ ...body, message });
        }
        return body;
      },
    );
  };
