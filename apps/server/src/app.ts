// size: the composition root: every module is built and wired here, in the order their dependencies need
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_STREAM_COVER_IMAGE_BYTES,
  PRODUCT_IMAGE_FIELD,
  STREAM_COVER_IMAGE_FIELD,
} from '@kasuwa/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { appTasks } from '@/app-tasks.ts';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type JobWorkerMode, registerJobs } from '@/jobs/jobs.module.ts';
import { taskOf } from '@/jobs/tasks.ts';
import { advanceTestClock } from '@/jobs/test-clock.ts';
import type { Clock, TestClock } from '@/lib/clock.ts';
import { mediaAccess } from '@/lib/media-access.ts';
import { BUYER_AUDIENCE, SESSION_TTL_SECONDS, tokenService } from '@/lib/tokens.ts';
import type { Mailer } from '@/mail/mailer.ts';
import { queuedMailer } from '@/mail/queued-mailer.ts';
import { accountRepository } from '@/modules/account/account.repository.ts';
import { accountRoutes } from '@/modules/account/account.routes.ts';
import { accountService } from '@/modules/account/account.service.ts';
import { adminRepository } from '@/modules/admin/admin.repository.ts';
import { adminRoutes } from '@/modules/admin/admin.routes.ts';
import { adminService } from '@/modules/admin/admin.service.ts';
import { analyticsRepository } from '@/modules/analytics/analytics.repository.ts';
import { analyticsRoutes } from '@/modules/analytics/analytics.routes.ts';
import { analyticsService } from '@/modules/analytics/analytics.service.ts';
import { buildInbox, registerAudienceModule, showNoticeJob } from '@/modules/audience/audience.module.ts';
import { type AuthRateLimits, authRoutes, DEFAULT_AUTH_RATE_LIMITS } from '@/modules/auth/auth.routes.ts';
import { authService } from '@/modules/auth/auth.service.ts';
import { oneTimeCodeStore } from '@/modules/auth/one-time-codes.ts';
import { stepUpRoutes } from '@/modules/auth/step-up.routes.ts';
import { stepUpService } from '@/modules/auth/step-up.ts';
import { registerBlipsModule } from '@/modules/blips/blips.module.ts';
import { type BlipRateLimits, DEFAULT_BLIP_RATE_LIMITS } from '@/modules/blips/buyer-blips.routes.ts';
import { buyersRepository } from '@/modules/buyers/buyers.repository.ts';
import {
  type BuyerRateLimits,
  buyersRoutes,
  DEFAULT_BUYER_RATE_LIMITS,
} from '@/modules/buyers/buyers.routes.ts';
import { buyersService } from '@/modules/buyers/buyers.service.ts';
import { type CheckoutPorts, registerCheckoutModule } from '@/modules/checkout/checkout.module.ts';
import { registerConnectModule } from '@/modules/connect/connect.module.ts';
import { conversationsRepository } from '@/modules/conversations/conversations.repository.ts';
import { conversationsRoutes } from '@/modules/conversations/conversations.routes.ts';
import { conversationsService } from '@/modules/conversations/conversations.service.ts';
import { registerMessagesModule } from '@/modules/conversations/messages.module.ts';
import { registerCouponsModule } from '@/modules/coupons/coupons.module.ts';
import { customersRepository } from '@/modules/customers/customers.repository.ts';
import { customersRoutes } from '@/modules/customers/customers.routes.ts';
import { customersService } from '@/modules/customers/customers.service.ts';
import { registerGiveawaysModule } from '@/modules/giveaways/giveaways.module.ts';
import { type HealthSources, healthRoutes } from '@/modules/health/health.routes.ts';
import { type KycConfig, registerKycModule } from '@/modules/kyc/kyc.module.ts';
import type { KycProvider } from '@/modules/kyc/kyc-provider.ts';
import { type LedgerOptions, registerLedgerModule } from '@/modules/ledger/ledger.module.ts';
import { type AuctionTimers, registerLiveModule } from '@/modules/live/live.module.ts';
import { notificationsRepository } from '@/modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from '@/modules/notifications/notifications.routes.ts';
import { notificationsService } from '@/modules/notifications/notifications.service.ts';
import { onboardingRoutes } from '@/modules/onboarding/onboarding.routes.ts';
import { onboardingService } from '@/modules/onboarding/onboarding.service.ts';
import { sellerFilesService } from '@/modules/onboarding/seller-files.service.ts';
import { orderListsRepository } from '@/modules/orders/order-lists.repository.ts';
import { orderListsRoutes } from '@/modules/orders/order-lists.routes.ts';
import { orderListsService } from '@/modules/orders/order-lists.service.ts';
import type { PaymentSucceeded, StockPort } from '@/modules/orders/order-ports.ts';
import { registerOrdersModule } from '@/modules/orders/orders.module.ts';
import type { PaymentsConfig } from '@/modules/payments/payment-provider.ts';
import { registerPaymentsModule } from '@/modules/payments/payments.module.ts';
import {
  LOCAL_PAYOUTS,
  type PayoutsConfig,
  registerPayoutsModule,
} from '@/modules/payouts/payouts.module.ts';
import type { ProductListCacheOptions } from '@/modules/products/product-list-cache.ts';
import { registerProductsModule } from '@/modules/products/products.module.ts';
import { stockService } from '@/modules/products/stock.service.ts';
import { registerReplaysModule } from '@/modules/replays/replays.module.ts';
import { registerReturnsModule } from '@/modules/returns/returns.module.ts';
import { accountClosureService } from '@/modules/settings/account-closure.service.ts';
import { dataExportService } from '@/modules/settings/data-export.service.ts';
import { sellerDevicesRepository } from '@/modules/settings/seller-devices.repository.ts';
import { sellerDevices } from '@/modules/settings/seller-devices.ts';
import { settingsRepository } from '@/modules/settings/settings.repository.ts';
import { settingsRoutes } from '@/modules/settings/settings.routes.ts';
import { settingsService } from '@/modules/settings/settings.service.ts';
import { registerShippingModule } from '@/modules/shipping/shipping.module.ts';
import { manualShipping, type ShippingProvider } from '@/modules/shipping/shipping-provider.ts';
import { registerStatementsModule } from '@/modules/statements/statements.module.ts';
import { storeRepository } from '@/modules/store/store.repository.ts';
import { storeRoutes } from '@/modules/store/store.routes.ts';
import { storeService } from '@/modules/store/store.service.ts';
import { registerStorefrontModule } from '@/modules/storefront/storefront.module.ts';
import { registerSupportModule } from '@/modules/support/support.module.ts';
import {
  type ResumableUploadOptions,
  registerResumableUploads,
} from '@/modules/uploads/resumable-uploads.ts';
import { registerUploadSweeper, type UploadSweepOptions } from '@/modules/uploads/uploads.module.ts';
import { buyerAuth, sellerAuth, tokenAuthenticator } from '@/plugins/auth.ts';
import { registerErrorHandler } from '@/plugins/error-handler.ts';
import { registerOpenApi } from '@/plugins/openapi.ts';
import { DEFAULT_WRITE_RATE_LIMITS, registerRateLimit, type WriteRateLimits } from '@/plugins/rate-limit.ts';
import { registerRealtime } from '@/plugins/realtime.ts';
import { registerSecurityHeaders } from '@/plugins/security-headers.ts';
import { registerStaticSpa } from '@/plugins/static-spa.ts';
import { registerTextGuard } from '@/plugins/text-guard.ts';
import { registerCloseOnUnreadBody } from '@/plugins/unread-body.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { imageSizes } from '@/uploads/image-sizes.ts';
import { localVideoProvider, type VideoProvider } from '@/video/video-provider.ts';

export type AppDeps = {
  db: Database;
  mailer: Mailer;
  /** Uploaded files: documents, avatars, banners, category pictures. */
  storage: FileStorage;
  clock: Clock;
  /** A pino logger, or false to stay quiet (benchmarks). */
  logger: FastifyBaseLogger | false;
  adminToken: string;
  /** Signs session tokens and keys the hashes of e-mailed codes. */
  jwtSecret: string;
  /** Per-address limits of the auth routes; tests loosen or tighten them. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** The built SPA folder; null when only the API is wanted. */
  webDist: string | null;
  redis?: Redis | null;
  version?: string;
  trustProxy?: boolean;
  /** JSON bodies above this many bytes are refused with 413. Uploads use multipart limits instead. */
  bodyLimit?: number;
  /** Per-address limits of buyer register/login. */
  buyerRateLimits?: Partial<BuyerRateLimits>;
  /** Per-address limit of blip views, per-buyer limits of likes and comments. */
  blipRateLimits?: Partial<BlipRateLimits>;
  /** The default limits of write routes without one of their own (WRITE_RATE_LIMIT_*, UPLOAD_RATE_LIMIT_*). */
  writeRateLimits?: Partial<WriteRateLimits>;
  /** The video service of live shows; the local WebRTC provider when not given. */
  video?: VideoProvider;
  /** Where the SPA is reached from outside (PUBLIC_URL), for shareable watch links. */
  publicUrl?: string;
  /** `auto` (default): compete for the cluster's auction clock; `manual`: tests tick it by hand. */
  auctionTimers?: AuctionTimers;
  /** issue 20: how long a show waits for its seller's dropped studio before it ends (default 2 min). */
  sellerAwayGraceMs?: number;
  /** issue 20: how long after a studio's socket went it counts as dropped (default 3 s). */
  sellerAwayAfterMs?: number;
  /** The sweeper of orphaned uploads: interval, grace period, batch sizes; `timers: 'manual'` in tests. */
  uploadSweep?: UploadSweepOptions;
  /**
   * Resumable photo uploads (tus, issue 20): where partial uploads wait (default: a folder in the
   * storage's scratch folder), how long; `timers: 'manual'` in tests.
   */
  resumableUploads?: Partial<ResumableUploadOptions>;
  /** How much of the products lists' answers each node keeps (`maxBytes: 0` turns it off). */
  productListCache?: ProductListCacheOptions;
  /** The database supervisor's state and the disk watcher, reported by /api/health. */
  health?: HealthSources;
  /**
   * Who runs background jobs (jobs/jobs.module.ts): `inline` a worker in this process (server.ts,
   * JOBS_WORKER=inline), `manual` tests run what is due (`buildTestApp`). Absent: `off`, so an app
   * built by a benchmark or a test that never asked for jobs opens no worker connections.
   */
  jobWorker?: JobWorkerMode;
  /** Who takes buyers' money (PAYMENT_PROVIDER…); the local test checkout when not given. */
  payments?: PaymentsConfig;
  /** The handler of a confirmed payment; the orders module's, unless a test passes its own. */
  paymentSucceeded?: PaymentSucceeded;
  /** Checkout's seams (stock, payments, job queue, order machine); tests pass their own. */
  checkoutPorts?: Partial<CheckoutPorts>;
  /** The job queue orders add deadlines to: graphile-worker's (`app.jobs.queue`) unless a test passes its own. */
  jobs?: JobQueue;
  /** Stock held by orders and checkout: the products module's, unless a test passes its own. */
  stock?: StockPort;
  /** The carrier service (SHIPPING_PROVIDER); booking by hand when not given. */
  shipping?: ShippingProvider;
  /** issue 15: the ledger's commission (PLATFORM_COMMISSION_BPS) and, in tests, its returns/payouts seams. */
  ledger?: LedgerOptions;
  /** issue 15: payouts — PAYOUT_PROVIDER and BANK_PROVIDER; the local ones when not given. */
  payouts?: PayoutsConfig;
  /** issue 17: KYC — KYC_PROVIDER and the identity numbers' key; the local provider and a derived key when not given. */
  kyc?: Partial<KycConfig> & { providerInstance?: KycProvider };
  /** issue 16: buyers per campaign delivery job (1,000 when not given); tests make it small. */
  campaignBatchSize?: number;
  /** Told of every route as it is added; the test app's route inventory (src/test/route-inventory.ts) reads it. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * TEST_CLOCK=1 only (the end-to-end server): the app runs on this clock instead of `clock`, and
   * `POST /api/admin/test-clock` moves it forward. Never given in production.
   */
  testClock?: TestClock;
};

export type App = FastifyInstance;

/** After a payment settles: the buyer's confirmation e-mail, sent once the payment is committed. */
const ORDER_CONFIRMATION_TASK = 'order.send-confirmation';

/** The admin route's side of a test clock: the jump, and what the operator reads about it. */
function testClockControl(db: Database, clock: TestClock | undefined) {
  if (!clock) return undefined;
  return {
    async advance(ms: number) {
      const jobsMoved = await advanceTestClock(db, clock, ms);
      const now = clock.now().toISOString();
      const days = Math.round((clock.offsetMs() / 86_400_000) * 100) / 100;
      return {
        message: `The test clock is now ${now} (${days} day(s) ahead); ${jobsMoved} waiting job(s) moved as far`,
        now,
        offsetMs: clock.offsetMs(),
        jobsMoved,
      };
    },
  };
}

/** One log line per request, written when it completes, instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(
    error: Error | null | undefined,
    request: { method: string; url: string; log: FastifyBaseLogger },
    reply: { statusCode: number; elapsedTime: number; log: FastifyBaseLogger },
  ) {
    // Load balancers probe health every few seconds; a healthy answer is noise in the log.
    if (!error && reply.statusCode < 400 && request.url === '/api/health') return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/**
 * Builds the whole HTTP application from its dependencies. It reads no environment, opens no
 * database and listens on nothing: server.ts does that, tests call it with their own parts.
 */
export async function buildApp(given: AppDeps): Promise<App> {
  const deps: AppDeps = given.testClock ? { ...given, clock: given.testClock } : given;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    trustProxy: deps.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    // Idle keep-alive sockets are closed at shutdown; requests in flight are allowed to finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextGuard(app);
  registerCloseOnUnreadBody(app);

  registerSecurityHeaders(app, ['/api/docs']);
  await registerRateLimit(app, deps.redis ?? null, { ...DEFAULT_WRITE_RATE_LIMITS, ...deps.writeRateLimits });
  await registerOpenApi(app, deps.version ?? '0.0.0');

  // Before the modules: they get the queue, and the tasks run the same services the routes do.
  registerJobs(app, {
    db: deps.db,
    clock: deps.clock,
    tasks: appTasks({ mailer: deps.mailer }),
    worker: deps.jobWorker ?? { mode: 'off' },
  });

  // issue 20: every public image in sizes, made by a job after upload or on its first request.
  const sizes = imageSizes({
    storage: deps.storage,
    jobs: { queue: app.jobs.queue, db: deps.db },
    log: app.log,
  });
  app.jobs.register(sizes.tasks);

  const startedAt = Date.now();
  await app.register(
    healthRoutes({ db: deps.db, version: deps.version ?? '0.0.0', startedAt, ...deps.health }),
  );

  app.decorateRequest('seller', null);
  app.decorateRequest('buyer', null);
  app.decorateRequest('sellerClaims', null);
  const tokens = tokenService(deps.jwtSecret, deps.clock);
  const media = mediaAccess(deps.jwtSecret, deps.clock);
  const devices = sellerDevices({
    repo: sellerDevicesRepository(deps.db),
    clock: deps.clock,
    log: app.log,
  });
  const requireSeller = sellerAuth(deps.db, tokens, media, devices.seen);
  const buyers = buyersService({
    repo: buyersRepository(deps.db),
    tokens: tokenService(deps.jwtSecret, deps.clock, SESSION_TTL_SECONDS, BUYER_AUDIENCE),
  });
  const requireBuyer = buyerAuth(buyers.authenticate);
  const realtime = registerRealtime(app, {
    authenticate: tokenAuthenticator(deps.db, tokens),
    authenticateBuyer: buyers.authenticate,
    redis: deps.redis ?? null,
    log: app.log,
  });
  const notifications = notificationsService({
    repo: notificationsRepository(deps.db),
    clock: deps.clock,
    push: realtime.toSeller,
  });
  // Stock held by orders (StockPort): ORDERS and CHECKOUT take it; the products module hooks the seller's edits.
  const stock = stockService({ notifications });

  // issue 17: analytics — the figures page; the live and blips modules report who watched.
  const analytics = analyticsService({ repo: analyticsRepository(deps.db), clock: deps.clock });
  await app.register(analyticsRoutes({ service: analytics, requireSeller }));
  const recordView = (view: { sellerId: string; viewer: string; at: Date; streamId?: string }) =>
    analytics.recordView(deps.db, view);
  app.decorate('analytics', analytics);
  // end issue 17: analytics

  const blips = await registerBlipsModule(app, {
    db: deps.db,
    storage: deps.storage,
    sizes,
    clock: deps.clock,
    notifications,
    requireSeller,
    requireBuyer,
    rateLimits: { ...DEFAULT_BLIP_RATE_LIMITS, ...deps.blipRateLimits },
    mediaViewer: media.sellerOf,
    recordView, // issue 17: analytics
  });

  const uploadSweeper = registerUploadSweeper(app, {
    db: deps.db,
    storage: deps.storage,
    clock: deps.clock,
    options: deps.uploadSweep,
  });

  await app.register(
    adminRoutes({
      service: adminService({
        repo: adminRepository(deps.db),
        notifications,
        // Queued, as every mail nobody waits for on screen: sent directly, the approval e-mail was
        // lost while SMTP was down (issue 18, `npm run chaos`).
        mailer: queuedMailer(app.jobs.queue, deps.db),
        log: app.log,
      }),
      adminToken: deps.adminToken,
      blips,
      uploadSweeper,
      testClock: testClockControl(deps.db, deps.testClock),
    }),
  );

  const accounts = authService({
    db: deps.db,
    tokens,
    codes: oneTimeCodeStore(deps.jwtSecret),
    mailer: deps.mailer,
    clock: deps.clock,
    log: app.log,
    notifications,
  });
  await app.register(
    authRoutes({
      service: accounts,
      requireSeller,
      rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.authRateLimits },
    }),
  );

  await app.register(notificationsRoutes({ service: notifications, requireSeller }));
  await app.register(
    conversationsRoutes({
      service: conversationsService({ repo: conversationsRepository(deps.db), clock: deps.clock }),
      requireSeller,
    }),
  );
  await app.register(
    storeRoutes({ service: storeService({ repo: storeRepository(deps.db) }), requireSeller }),
  );

  await app.register(
    onboardingRoutes({
      service: onboardingService({ db: deps.db, tokens, clock: deps.clock }),
      files: sellerFilesService({ db: deps.db, tokens, storage: deps.storage, sizes, clock: deps.clock }),
      requireSeller,
    }),
  );

  await app.register(
    buyersRoutes({
      service: buyers,
      requireBuyer,
      rateLimits: { ...DEFAULT_BUYER_RATE_LIMITS, ...deps.buyerRateLimits },
    }),
  );
  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  const queuedMail = queuedMailer(app.jobs.queue, deps.db);
  // issue 15: ledger — built before orders, which post sales, cash and hand-overs through its port.
  const ledger = await registerLedgerModule(app, {
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs ?? app.jobs.queue,
    requireSeller,
    ...(deps.ledger ? { options: deps.ledger } : {}),
  });
  app.jobs.register(ledger.tasks);
  // end issue 15: ledger
  // issue 16: the buyers' Updates inbox, built before orders, whose payment reminders also go there.
  const updates = buildInbox(deps.db, deps.clock);
  const orders = await registerOrdersModule(app, {
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs ?? app.jobs.queue,
    stock: deps.stock ?? stock,
    notifications,
    // Queued in the transaction that decided it: SMTP down never undoes an order's change, and a
    // change rolled back sends nothing.
    sendMail: (q, mail) => queuedMail.sendIn(q, mail),
    publicUrl,
    requireSeller,
    ledger: ledger.port, // issue 15: ledger
    paymentReminderInbox: (q, notice) => updates.inbox.paymentReminder(q, notice), // issue 16
  });

  const video = deps.video ?? localVideoProvider({ secret: deps.jwtSecret, iceServers: [] });
  // issue 21: replays and past show summaries; a recording video service follows each show's status.
  const replays = await registerReplaysModule(app, {
    db: deps.db,
    clock: deps.clock,
    storage: deps.storage,
    video,
    requireSeller,
  });
  const live = await registerLiveModule(app, {
    db: deps.db,
    clock: deps.clock,
    realtime,
    storage: deps.storage,
    sizes,
    video,
    publicUrl,
    requireSeller,
    requireBuyer,
    timers: deps.auctionTimers ?? 'auto',
    redis: deps.redis ?? null,
    recordAuctionWin: orders.recordAuctionWin,
    onShow: showNoticeJob(app.jobs.queue), // issue 16: followers hear of shows
    recordViewers: (views) => analytics.recordViews(deps.db, views), // issue 17: analytics
    onStatus: replays.onStreamStatus, // issue 21: replays
    jobs: app.jobs, // issue 20: a show whose seller stays away ends
    ...(deps.sellerAwayGraceMs === undefined ? {} : { sellerAwayGraceMs: deps.sellerAwayGraceMs }),
    ...(deps.sellerAwayAfterMs === undefined ? {} : { sellerAwayAfterMs: deps.sellerAwayAfterMs }),
  });

  // issue 21: Live Giveaways — the draw's job makes the winner's order through the orders port.
  const giveaways = await registerGiveawaysModule(app, {
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs ?? app.jobs.queue,
    realtime,
    requireSeller,
    requireBuyer,
    recordGiveawayWin: orders.recordGiveawayWin,
  });
  app.jobs.register(giveaways.tasks);
  // end issue 21: giveaways

  const products = await registerProductsModule(app, {
    db: deps.db,
    storage: deps.storage,
    sizes,
    inUpcomingOrLiveShow: live.productInUpcomingOrLiveShow,
    listCache: deps.productListCache,
    requireSeller,
    stock,
    mediaViewer: media.sellerOf,
  });

  // issue 20: photos sent offline resume from the last byte the server has (tus).
  await registerResumableUploads(app, {
    requireSeller,
    clock: deps.clock,
    jobs: app.jobs.queue,
    db: deps.db,
    kinds: {
      'product-photo': {
        field: PRODUCT_IMAGE_FIELD,
        maxBytes: MAX_PRODUCT_IMAGE_BYTES,
        label: 'a product image',
        finish: products.photoUploads.storeReceived,
      },
      'stream-cover': {
        field: STREAM_COVER_IMAGE_FIELD,
        maxBytes: MAX_STREAM_COVER_IMAGE_BYTES,
        label: 'a cover image',
        finish: live.coverUploads.storeCover,
      },
    },
    options: {
      directory: path.join(deps.storage.scratchDir, 'resumable'),
      ...deps.resumableUploads,
    },
  });

  // Payments (issue 14). It answers its PaymentsService (also `app.payments`): checkout's PaymentsPort.
  const payments = await registerPaymentsModule(app, {
    db: deps.db,
    clock: deps.clock,
    config: deps.payments ?? { provider: 'local' },
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    jwtSecret: deps.jwtSecret,
    // The order is marked paid in the settlement's transaction, and the buyer's confirmation is
    // queued in it: mailed once the payment is committed, retried if SMTP is down.
    onSucceeded:
      deps.paymentSucceeded ??
      (async (q, payment) => {
        await orders.paymentSucceeded(q, payment);
        await app.jobs.queue.add(
          q,
          ORDER_CONFIRMATION_TASK,
          { orderId: payment.orderId },
          { jobKey: `order:${payment.orderId}:confirmation` },
        );
      }),
    // issue 15: returns — refunds post to the ledger and record the order's refunded event.
    refunds: {
      ledger: ledger.port,
      applyOrderEvent: orders.applyOrderEvent,
      jobs: app.jobs.queue,
    },
  });

  // issue 15: payouts — the step-up (a password or an e-mailed code before money moves or its
  // destination changes), then the payouts module on the ledger's port and the payments webhook.
  const authLimits = { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.authRateLimits };
  const stepUp = stepUpService({
    db: deps.db,
    codes: oneTimeCodeStore(deps.jwtSecret),
    mailer: deps.mailer,
    clock: deps.clock,
  });
  await app.register(stepUpRoutes({ service: stepUp, requireSeller, rateLimit: authLimits.resendOtp }));
  // issue 17: KYC — before payouts, which need a verified identity.
  const kyc = await registerKycModule(app, {
    db: deps.db,
    clock: deps.clock,
    config: { provider: deps.kyc?.provider ?? { provider: 'local' }, encryptionKey: deps.kyc?.encryptionKey },
    jwtSecret: deps.jwtSecret,
    adminToken: deps.adminToken,
    notifications,
    sendMail: (q, mail) => queuedMail.sendIn(q, mail),
    requireSeller,
    ...(deps.kyc?.providerInstance ? { provider: deps.kyc.providerInstance } : {}),
  });
  await app.register(
    accountRoutes({
      service: accountService({ repo: accountRepository(deps.db), kyc: kyc.port, publicUrl }),
      requireSeller,
    }),
  );
  // end issue 17: KYC
  const payouts = await registerPayoutsModule(app, {
    db: deps.db,
    clock: deps.clock,
    config: deps.payouts ?? LOCAL_PAYOUTS,
    ledger: ledger.port,
    stepUp: stepUp.port,
    jobs: app.jobs.queue,
    sendMail: (q, mail) => queuedMail.sendIn(q, mail),
    requireSeller,
    onProviderEvent: payments.onProviderEvent,
    stepUpRateLimit: authLimits.login,
    kyc: kyc.port, // issue 17: KYC
  });
  ledger.usePayoutInfo(payouts.service.payoutInfo);
  // end issue 15: payouts

  // issue 16: coupons — the seller's coupons; checkout applies them through the port.
  const coupons = await registerCouponsModule(app, {
    db: deps.db,
    clock: deps.clock,
    requireSeller,
    requireBuyer,
  });

  const checkout = await registerCheckoutModule(app, {
    db: deps.db,
    clock: deps.clock,
    mailer: queuedMail,
    notifications,
    requireSeller,
    requireBuyer,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    ports: {
      payments,
      jobs: app.jobs.queue,
      applyOrderEvent: orders.applyOrderEvent,
      stock: deps.stock ?? stock,
      coupons: coupons.port,
      ...deps.checkoutPorts,
    },
    log: app.log,
  });

  await registerShippingModule(app, {
    db: deps.db,
    provider: deps.shipping ?? manualShipping,
    jobs: app.jobs.queue,
    clock: deps.clock,
    applyOrderEvent: orders.applyOrderEvent,
    trackingUpdate: orders.trackingUpdate,
    requireSeller,
  });

  // issue 15: returns — the Returns Center; the ledger holds an order's money while a return is open.
  const returns = await registerReturnsModule(app, {
    db: deps.db,
    clock: deps.clock,
    jobs: app.jobs.queue,
    storage: deps.storage,
    notifications,
    sendMail: (q, mail) => queuedMail.sendIn(q, mail),
    refunds: {
      create: (q, request) => app.refunds.create(q, request),
      refundableKobo: (q, orderId) => ledger.port.refundableKobo(q, orderId),
    },
    jwtSecret: deps.jwtSecret,
    publicUrl,
    requireSeller,
    requireBuyer,
  });
  if (!deps.ledger?.openReturns) ledger.useOpenReturns(returns.openReturns);
  // end issue 15: returns

  // issue 16: messages — conversations of sellers and buyers, live over socket.io, the unread e-mail.
  await registerMessagesModule(app, {
    db: deps.db,
    clock: deps.clock,
    jobs: app.jobs.queue,
    storage: deps.storage,
    realtime,
    notifications,
    sendMail: (q, mail) => queuedMail.sendIn(q, mail),
    jwtSecret: deps.jwtSecret,
    publicUrl,
    requireSeller,
    requireBuyer,
  });

  // issue 15: statements — read-only CSV and PDF exports of the seller's ledger lines.
  await registerStatementsModule(app, { db: deps.db, clock: deps.clock, requireSeller });

  // issue 17: settings — store profile, pickup address, preferences, security, "Download your data".
  const dataExport = dataExportService({
    db: deps.db,
    clock: deps.clock,
    jobs: app.jobs.queue,
    storage: deps.storage,
    sendMail: (q, mail) => queuedMail.sendIn(q, mail),
    publicUrl,
  });
  app.jobs.register(dataExport.tasks);
  const closure = accountClosureService({ db: deps.db, clock: deps.clock, jobs: app.jobs.queue });
  app.jobs.register(closure.tasks);
  await app.register(
    settingsRoutes({
      service: settingsService({ repo: settingsRepository(deps.db), tokens }),
      dataExport,
      closure,
      devices,
      requireSeller,
    }),
  );
  // end issue 17: settings

  app.jobs.register(orders.tasks);
  app.jobs.register({
    [ORDER_CONFIRMATION_TASK]: taskOf(z.object({ orderId: z.uuid() }), async ({ orderId }) => {
      await checkout.sendOrderConfirmation(orderId);
    }),
  });
  // The seller's read side of orders (lists, export, overview) and the customers drawn from them.
  await app.register(
    orderListsRoutes({
      lists: orderListsService({ repo: orderListsRepository(deps.db), clock: deps.clock }),
      requireSeller,
    }),
  );
  await app.register(
    customersRoutes({
      service: customersService({ repo: customersRepository(deps.db), clock: deps.clock }),
      requireSeller,
    }),
  );

  // issue 17: Help & Support (tickets) and Kasuwa Connect (store link, catalogue feed, badge, poster).
  await registerSupportModule(app, {
    db: deps.db,
    clock: deps.clock,
    sendMail: (q, mail) => queuedMail.sendIn(q, mail),
    publicUrl,
    requireSeller,
    adminToken: deps.adminToken,
  });
  await registerConnectModule(app, {
    db: deps.db,
    clock: deps.clock,
    storage: deps.storage,
    publicUrl,
    requireSeller,
  });
  // The public store page a store's link opens (issue 17 Settings' slug).
  await registerStorefrontModule(app, { db: deps.db, clock: deps.clock });
  // end issue 17: help and connect
  // issue 16: followers, the buyers' Updates inbox and inbox campaigns.
  await registerAudienceModule(app, {
    db: deps.db,
    clock: deps.clock,
    jobs: app.jobs.queue,
    notifications,
    mailer: deps.mailer,
    publicUrl,
    requireSeller,
    requireBuyer,
    inbox: updates.inbox,
    storage: deps.storage,
    ...(deps.campaignBatchSize ? { campaignBatchSize: deps.campaignBatchSize } : {}),
  });
  // end issue 16

  await registerStaticSpa(app, deps.webDist);
  return app;
}
