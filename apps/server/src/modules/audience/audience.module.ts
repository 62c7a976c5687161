import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mailer } from '@/mail/mailer.ts';
import { type AudienceRepository, audienceRepository } from '@/modules/audience/audience.repository.ts';
import { audienceRoutes } from '@/modules/audience/audience.routes.ts';
import {
  CAMPAIGN_TASKS,
  type CampaignsService,
  campaignsService,
} from '@/modules/audience/campaigns.service.ts';
import { followersService } from '@/modules/audience/followers.service.ts';
import { type InboxService, inboxService } from '@/modules/audience/inbox.service.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { RequireBuyer, RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

/** Tells a followed seller's followers of a show, in a job so the live request is not slowed. */
export const SHOW_NOTICE_TASK = 'audience.show-notice';
export type ShowEvent = { streamId: string; kind: 'scheduled' | 'started' };

/** The live module's hook: adds the announcement job in the show's own transaction. */
export const showNoticeJob = (jobs: JobQueue) => (tx: Queryable, e: ShowEvent) =>
  jobs.add(tx, SHOW_NOTICE_TASK, e, { jobKey: `show:${e.streamId}:${e.kind}-notice` });

export type AudienceModule = {
  campaigns: CampaignsService;
  inbox: InboxService;
  tasks: TaskList;
};

declare module 'fastify' {
  interface FastifyInstance {
    audience: AudienceModule;
  }
}

/** The inbox alone, for modules built before this one (orders' payment reminders). */
export function buildInbox(db: Database, clock: Clock): { repo: AudienceRepository; inbox: InboxService } {
  const repo = audienceRepository(db);
  return { repo, inbox: inboxService({ repo, clock }) };
}

/** Followers, the buyer's Updates inbox and inbox campaigns (issue 16): routes and tasks. */
export async function registerAudienceModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    jobs: JobQueue;
    notifications: Pick<NotificationsService, 'create'>;
    mailer: Mailer;
    publicUrl: string;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
    storage: FileStorage;
    inbox?: InboxService;
    /** Buyers per delivery job; tests make it small. */
    campaignBatchSize?: number;
  },
): Promise<AudienceModule> {
  const repo = audienceRepository(deps.db);
  const inbox = deps.inbox ?? inboxService({ repo, clock: deps.clock });
  const followers = followersService({ repo, clock: deps.clock, notifications: deps.notifications });
  const campaigns = campaignsService({
    repo,
    clock: deps.clock,
    jobs: deps.jobs,
    notifications: deps.notifications,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    ...(deps.campaignBatchSize ? { batchSize: deps.campaignBatchSize } : {}),
  });
  await app.register(
    audienceRoutes({
      followers,
      inbox,
      campaigns,
      requireSeller: deps.requireSeller,
      requireBuyer: deps.requireBuyer,
      storage: deps.storage,
    }),
  );
  const campaignId = z.object({ campaignId: z.uuid() });
  const tasks: TaskList = {
    [CAMPAIGN_TASKS.send]: taskOf(campaignId, ({ campaignId }) => campaigns.tasks.send(campaignId)),
    [CAMPAIGN_TASKS.batch]: taskOf(
      campaignId.extend({ after: z.uuid().nullable() }),
      ({ campaignId, after }) => campaigns.tasks.batch(campaignId, after),
    ),
    [CAMPAIGN_TASKS.mail]: taskOf(
      campaignId.extend({ buyerIds: z.array(z.uuid()) }),
      ({ campaignId, buyerIds }) => campaigns.tasks.mail(campaignId, buyerIds),
    ),
    [SHOW_NOTICE_TASK]: taskOf(
      z.object({ streamId: z.uuid(), kind: z.enum(['scheduled', 'started']) }),
      async ({ streamId, kind }) => {
        await inbox.showNotice(streamId, kind);
      },
    ),
  };
  app.jobs.register(tasks);
  const module: AudienceModule = { campaigns, inbox, tasks };
  app.decorate('audience', module);
  return module;
}
