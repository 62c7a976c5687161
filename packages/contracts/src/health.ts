import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** 503 while the database is unreachable: load balancers take the node out of rotation. */
export const healthUnavailableResponse = healthResponse.extend({ message: z.string() });
