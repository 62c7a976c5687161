import { z } from 'zod';

export const healthResponse = z.object({
  /** `degraded`: the database is away (503), or a warning below holds (200, still serving). */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    /** The embedded PostgreSQL stopped and is being started again. */
    restarting: z.boolean().optional(),
    /** Why the database is away, when the server knows. */
    reason: z.string().nullable().optional(),
  }),
  /** Free space on DATA_DIR's disk, when the server watches it. */
  disk: z
    .object({
      freeBytes: z.number().nullable(),
      low: z.boolean(),
      thresholdBytes: z.number(),
    })
    .optional(),
  /** Sentences for an operator: what is wrong while the node still serves. */
  warnings: z.array(z.string()).optional(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** 503 while the database is unreachable: load balancers take the node out of rotation. */
export const healthUnavailableResponse = healthResponse.extend({ message: z.string() });
