import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Database } from '@/db/client.ts';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import type { RequireBuyer } from '@/modules/buyers/buyers.routes.ts';
import { type AuctionTicker, auctionTicker } from '@/modules/live/auction-ticker.ts';
import { auctionsService, type TickResult } from '@/modules/live/auctions.service.ts';
import { liveRepository } from '@/modules/live/live.repository.ts';
import { liveRoutes } from '@/modules/live/live.routes.ts';
import { registerLiveSocket, type ShowView } from '@/modules/live/live.socket.ts';
import { liveAnnouncer } from '@/modules/live/live-announcer.ts';
import { moderationRoutes } from '@/modules/live/moderation.routes.ts';
import { moderationService } from '@/modules/live/moderation.service.ts';
import { registerModerationSocket } from '@/modules/live/moderation.socket.ts';
import { proxyBidsRepository } from '@/modules/live/proxy-bids.repository.ts';
import { proxyBidsRoutes } from '@/modules/live/proxy-bids.routes.ts';
import { proxyBidsService } from '@/modules/live/proxy-bids.service.ts';
import { proxyBook } from '@/modules/live/proxy-book.ts';
import { memoryPublisherStore, redisPublisherStore } from '@/modules/live/publishers.ts';
import { sellerPresenceRoutes } from '@/modules/live/seller-presence.routes.ts';
import { sellerPresenceService } from '@/modules/live/seller-presence.service.ts';
import { registerSellerPresenceSocket } from '@/modules/live/seller-presence.socket.ts';
import { streamChatService } from '@/modules/live/stream-chat.service.ts';
import { type StreamMedia, streamMedia } from '@/modules/live/stream-media.ts';
import { type StreamsService, streamsService } from '@/modules/live/streams.service.ts';
import { trayRoutes } from '@/modules/live/tray.routes.ts';
import { trayService } from '@/modules/live/tray.service.ts';
import type { RecordAuctionWin } from '@/modules/orders/order-ports.ts';
import type { RequireSeller } from '@/plugins/auth.ts';
import { sellerFeatureGate } from '@/plugins/feature-gate.ts';
import type { Realtime } from '@/plugins/realtime.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import type { ImageSizes } from '@/uploads/image-sizes.ts';
import type { VideoProvider } from '@/video/video-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auction clock. Tests with `auctionTimers: 'manual'` move a fake clock and call `tick()`. */
    auctions: { tick(): Promise<TickResult>; ticker: AuctionTicker | null };
  }
}

/**
 * - `auto`: this node competes for the cluster's auction clock (advisory lock) and ticks every
 *   second while it holds it — what a server does.
 * - `manual`: no lock and no timer; `app.auctions.tick()` runs one pass — what tests with a fake
 *   clock do.
 */
export type AuctionTimers = 'auto' | 'manual';

/** Live shows and auctions: HTTP routes, socket events, and the auction clock. */
export async function registerLiveModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    realtime: Realtime;
    storage: FileStorage;
    /** The covers' sizes (issue 20). */
    sizes: ImageSizes;
    video: VideoProvider;
    publicUrl: string;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
    timers: AuctionTimers;
    /** Shared by the nodes of a cluster: which studio publishes each show is kept there. */
    redis: Redis | null;
    /** The orders module records each sale (order-ports.ts). */
    recordAuctionWin: RecordAuctionWin;
    /** issue 16: followers are told when a show is scheduled or starts. */
    onShow?: Parameters<typeof streamsService>[0]['onShow'];
    /** Analytics (issue 17): distinct viewers of a show (several at once when a crowd joins). */
    recordViewers?: (views: ShowView[]) => Promise<void>;
    /** issue 21: a show went live or ended (after the commit) — a recording video service follows it. */
    onStatus?: Parameters<typeof streamsService>[0]['onStatus'];
    /** issue 20: the job that ends a show whose seller stayed away past the grace period. */
    jobs: { queue: JobQueue; register(list: TaskList): void };
    /** issue 20: how long a show waits for its seller's dropped studio (SELLER_AWAY_GRACE_SECONDS). */
    sellerAwayGraceMs?: number;
    /** issue 20: how long after a studio's socket went it counts as dropped (tests shorten it). */
    sellerAwayAfterMs?: number;
  },
): Promise<
  Pick<StreamsService, 'productInUpcomingOrLiveShow'> & { coverUploads: Pick<StreamMedia, 'storeCover'> }
> {
  const repo = liveRepository(deps.db);
  const media = streamMedia({ storage: deps.storage, sizes: deps.sizes });
  const announce = liveAnnouncer({
    events: deps.realtime,
    clock: deps.clock,
  });
  const proxyRepo = proxyBidsRepository(deps.db);
  const book = proxyBook({ live: repo, proxy: proxyRepo });
  const auctions = auctionsService({
    repo,
    clock: deps.clock,
    announce,
    recordAuctionWin: deps.recordAuctionWin,
    book,
  });
  const streams = streamsService({
    repo,
    clock: deps.clock,
    video: deps.video,
    auctions,
    announce,
    assertMedia: media.assertOwn,
    publicUrl: deps.publicUrl,
    ...(deps.onShow ? { onShow: deps.onShow } : {}),
    ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
  });
  const chat = streamChatService({ repo, clock: deps.clock });
  const tray = trayService({ db: deps.db, live: repo, events: deps.realtime });
  await app.register(trayRoutes({ tray, requireSeller: deps.requireSeller }));
  // issue 21: moderators, muted words, slow mode, pinned comments, co-hosts.
  const moderation = moderationService({ db: deps.db, clock: deps.clock, events: deps.realtime });
  await app.register(
    moderationRoutes({
      moderation,
      auctions,
      tray,
      requireSeller: deps.requireSeller,
      requireBuyer: deps.requireBuyer,
    }),
  );
  registerModerationSocket({ realtime: deps.realtime, moderation, log: app.log });
  await app.register(
    liveRoutes({
      streams,
      auctions,
      chat,
      media,
      requireSeller: deps.requireSeller,
      requireBuyer: deps.requireBuyer,
    }),
  );
  await app.register(
    proxyBidsRoutes({
      proxyBids: proxyBidsService({ live: repo, proxy: proxyRepo, book, clock: deps.clock, announce }),
      requireBuyer: deps.requireBuyer,
    }),
  );
  const publishers = deps.redis ? redisPublisherStore(deps.redis) : memoryPublisherStore();
  const presence = sellerPresenceService({
    repo,
    clock: deps.clock,
    jobs: deps.jobs.queue,
    events: deps.realtime,
    announce,
    auctions,
    ...(deps.sellerAwayGraceMs === undefined ? {} : { graceMs: deps.sellerAwayGraceMs }),
  });
  deps.jobs.register(presence.tasks);
  await app.register(sellerPresenceRoutes({ presence }));
  const presenceSocket = registerSellerPresenceSocket({
    realtime: deps.realtime,
    presence,
    publishers,
    streamInfo: (id) => streams.audience(id),
    log: app.log,
    ...(deps.sellerAwayAfterMs === undefined ? {} : { awayAfterMs: deps.sellerAwayAfterMs }),
  });
  const socket = registerLiveSocket({
    realtime: deps.realtime,
    streams,
    chat,
    clock: deps.clock,
    log: app.log,
    sellerGate: sellerFeatureGate(deps.db),
    publishers,
    ...(deps.recordViewers ? { recordViewers: deps.recordViewers } : {}),
    commentPolicy: moderation.commentPolicy,
  });

  const ticker =
    deps.timers === 'auto'
      ? auctionTicker({
          // Outside the pool: the lock must stay on one session for as long as this node owns it.
          connect: () =>
            new pg.Client({ ...deps.db.$client.options, application_name: 'kasuwa-auction-clock' }),
          tick: () => auctions.tick(),
          log: app.log,
        })
      : null;
  app.decorate('auctions', { tick: () => auctions.tick(), ticker });
  if (ticker) app.addHook('onReady', async () => ticker.start());
  app.addHook('preClose', async () => {
    socket.close();
    presenceSocket.close();
    await ticker?.stop();
  });
  // The resumable uploads (modules/uploads/resumable-uploads.ts) end covers in the same pipeline.
  return { productInUpcomingOrLiveShow: streams.productInUpcomingOrLiveShow, coverUploads: media };
}
