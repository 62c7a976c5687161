import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { couponsRepository } from '@/modules/coupons/coupons.repository.ts';
import { couponsRoutes } from '@/modules/coupons/coupons.routes.ts';
import { type CouponsPort, couponsService } from '@/modules/coupons/coupons.service.ts';
import type { RequireBuyer, RequireSeller } from '@/plugins/auth.ts';

/** Coupons (issue 16): the seller's routes, the buyer's check, and the port checkout applies them by. */
export async function registerCouponsModule(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; requireSeller: RequireSeller; requireBuyer: RequireBuyer },
): Promise<{ port: CouponsPort }> {
  const service = couponsService({ repo: couponsRepository(deps.db), clock: deps.clock });
  await app.register(
    couponsRoutes({ coupons: service, requireSeller: deps.requireSeller, requireBuyer: deps.requireBuyer }),
  );
  return { port: service.port };
}
