import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { connectRepository } from '@/modules/connect/connect.repository.ts';
import { type ConnectRateLimits, connectRoutes } from '@/modules/connect/connect.routes.ts';
import { connectService } from '@/modules/connect/connect.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

/** Kasuwa Connect (issue 17): store link, catalogue feed, live badge, QR poster. */
export async function registerConnectModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    storage: FileStorage;
    publicUrl: string;
    requireSeller: RequireSeller;
    rateLimits?: ConnectRateLimits;
  },
) {
  const service = connectService({
    repo: connectRepository(deps.db),
    clock: deps.clock,
    publicUrl: deps.publicUrl,
  });
  await app.register(
    connectRoutes({
      service,
      storage: deps.storage,
      requireSeller: deps.requireSeller,
      ...(deps.rateLimits ? { rateLimits: deps.rateLimits } : {}),
    }),
  );
  return service;
}
