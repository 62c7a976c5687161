import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { storefrontRepository } from '@/modules/storefront/storefront.repository.ts';
import { storefrontRoutes } from '@/modules/storefront/storefront.routes.ts';
import { storefrontService } from '@/modules/storefront/storefront.service.ts';

/** The public store page (`/store/{slug}`): what buyers see of a store from its link. */
export async function registerStorefrontModule(app: FastifyInstance, deps: { db: Database; clock: Clock }) {
  const service = storefrontService({ repo: storefrontRepository(deps.db), clock: deps.clock });
  await app.register(storefrontRoutes({ service }));
  return service;
}
