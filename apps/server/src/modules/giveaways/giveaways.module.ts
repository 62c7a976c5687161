import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { giveawayAnnouncer } from '@/modules/giveaways/giveaways.announcer.ts';
import { giveawaysRepository } from '@/modules/giveaways/giveaways.repository.ts';
import { giveawaysRoutes } from '@/modules/giveaways/giveaways.routes.ts';
import { type GiveawaysService, giveawaysService } from '@/modules/giveaways/giveaways.service.ts';
import type { RecordGiveawayWin } from '@/modules/orders/order-ports.ts';
import type { RequireBuyer, RequireSeller } from '@/plugins/auth.ts';
import type { Realtime } from '@/plugins/realtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live Giveaways (issue 21); tests call `drawDue` with a fake clock. */
    giveaways: GiveawaysService;
  }
}

/** Live Giveaways (issue 21): routes, socket announcements, and the draw's job task. */
export async function registerGiveawaysModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    jobs: JobQueue;
    realtime: Realtime;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
    /** The orders module makes the winner's order (order-ports.ts). */
    recordGiveawayWin: RecordGiveawayWin;
  },
): Promise<{ tasks: TaskList }> {
  const announce = giveawayAnnouncer({ events: deps.realtime, clock: deps.clock });
  const giveaways = giveawaysService({
    repo: giveawaysRepository(deps.db),
    clock: deps.clock,
    jobs: deps.jobs,
    announce,
    recordGiveawayWin: deps.recordGiveawayWin,
  });
  await app.register(
    giveawaysRoutes({ giveaways, requireSeller: deps.requireSeller, requireBuyer: deps.requireBuyer }),
  );
  app.decorate('giveaways', giveaways);
  app.addHook('preClose', async () => announce.close());
  return { tasks: giveaways.tasks };
}
