import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { OpenReturnsPort } from '@/modules/ledger/ledger-ports.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import { returnPhotoLinks } from '@/modules/returns/return-photos.ts';
import { returnsRepository } from '@/modules/returns/returns.repository.ts';
import { returnsRoutes } from '@/modules/returns/returns.routes.ts';
import {
  RETURN_TASKS,
  type ReturnsRefunds,
  type ReturnsService,
  returnsService,
} from '@/modules/returns/returns.service.ts';
import type { RequireBuyer, RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

export type ReturnsModule = {
  service: ReturnsService;
  /** For the ledger: an order's money stays pending while a return of it is open. */
  openReturns: OpenReturnsPort;
  /** The deadline tasks (`returns.*`); tests call them through the queue with a fake clock. */
  tasks: TaskList;
};

declare module 'fastify' {
  interface FastifyInstance {
    returns: ReturnsModule;
  }
}

/** The Returns Center (issue 15): routes of both sides, the deadline tasks and the OpenReturnsPort. */
export async function registerReturnsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    jobs: JobQueue;
    storage: FileStorage;
    notifications: Pick<NotificationsService, 'createInTransaction'>;
    sendMail: (q: Queryable, mail: Mail) => Promise<void>;
    refunds: ReturnsRefunds;
    jwtSecret: string;
    publicUrl: string;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  },
): Promise<ReturnsModule> {
  const photos = returnPhotoLinks(deps.jwtSecret, deps.clock);
  const service = returnsService({
    repo: returnsRepository(deps.db),
    clock: deps.clock,
    jobs: deps.jobs,
    notifications: deps.notifications,
    sendMail: deps.sendMail,
    refunds: deps.refunds,
    photos,
    publicUrl: deps.publicUrl,
    deleteFiles: (keys) => deps.storage.delete(keys),
  });
  await app.register(
    returnsRoutes({
      service,
      photos,
      storage: deps.storage,
      requireSeller: deps.requireSeller,
      requireBuyer: deps.requireBuyer,
    }),
  );
  const payload = z.object({ returnId: z.uuid() });
  const tasks: TaskList = {
    [RETURN_TASKS.reminder]: taskOf(payload, ({ returnId }) => service.tasks.reminder(returnId)),
    [RETURN_TASKS.answer]: taskOf(payload, ({ returnId }) => service.tasks.answer(returnId)),
    [RETURN_TASKS.ship]: taskOf(payload, ({ returnId }) => service.tasks.ship(returnId)),
    [RETURN_TASKS.receipt]: taskOf(payload, ({ returnId }) => service.tasks.receipt(returnId)),
    [RETURN_TASKS.forgetPhoto]: taskOf(z.object({ photoId: z.uuid() }), ({ photoId }) =>
      service.tasks.forgetPhoto(photoId),
    ),
  };
  app.jobs.register(tasks);
  const module: ReturnsModule = { service, openReturns: service.openReturns, tasks };
  app.decorate('returns', module);
  return module;
}
