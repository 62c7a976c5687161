import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { transactionsOf } from '@/lib/queryable.ts';
import type { ApplyOrderEvent, TrackingUpdate } from '@/modules/orders/order-ports.ts';
import { shippingRepository } from '@/modules/shipping/shipping.repository.ts';
import { shippingRoutes } from '@/modules/shipping/shipping.routes.ts';
import { shippingService, shippingTasks } from '@/modules/shipping/shipping.service.ts';
import { manualShipping, type ShippingProvider } from '@/modules/shipping/shipping-provider.ts';
import { terminalAfricaShipping } from '@/modules/shipping/terminal-africa.ts';
import type { RequireSeller } from '@/plugins/auth.ts';

/** Which carrier service, with its settings; parsed from the environment in config.ts. */
export type ShippingConfig =
  | { provider: 'manual' }
  | { provider: 'terminal'; baseUrl: string; secretKey: string };

export function createShippingProvider(config: ShippingConfig): ShippingProvider {
  return config.provider === 'terminal'
    ? terminalAfricaShipping({ baseUrl: config.baseUrl, secretKey: config.secretKey })
    : manualShipping;
}

/** Carrier booking and tracking, packing slips and lists; answers the queue tasks it runs. */
export async function registerShippingModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    provider: ShippingProvider;
    jobs: JobQueue;
    clock: Clock;
    applyOrderEvent: ApplyOrderEvent;
    trackingUpdate: TrackingUpdate;
    requireSeller: RequireSeller;
  },
): Promise<{ tasks: TaskList }> {
  const service = shippingService({
    repo: shippingRepository(),
    db: deps.db,
    transaction: transactionsOf(deps.db),
    provider: deps.provider,
    jobs: deps.jobs,
    clock: deps.clock,
    applyOrderEvent: deps.applyOrderEvent,
    trackingUpdate: deps.trackingUpdate,
    log: app.log,
  });
  await app.register(shippingRoutes({ service, requireSeller: deps.requireSeller }));
  return { tasks: shippingTasks(service) };
}
