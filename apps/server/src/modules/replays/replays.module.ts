import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { replaysRepository } from '@/modules/replays/replays.repository.ts';
import { replaysRoutes } from '@/modules/replays/replays.routes.ts';
import { type ReplaysService, replaysService } from '@/modules/replays/replays.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import type { VideoProvider } from '@/video/video-provider.ts';

/** Replays and past show summaries (issue 21, docs/live-replays.md). */
export async function registerReplaysModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    storage: FileStorage;
    video: VideoProvider;
    requireSeller: RequireSeller;
  },
): Promise<Pick<ReplaysService, 'onStreamStatus'>> {
  const replays = replaysService({
    repo: replaysRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    video: deps.video,
    jobs: app.jobs.queue,
    log: app.log,
  });
  // An upload left unfinished for a week is given up and its chunks removed, by the job queue.
  app.jobs.register(replays.tasks);
  await app.register(replaysRoutes({ replays, requireSeller: deps.requireSeller }));
  return replays;
}
