import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from 'pino';
import { buildApp } from '@/app.ts';
import { ConfigError, loadConfig } from '@/config.ts';
import {
  ADMIN_TOKEN_FILE,
  DataDirInUseError,
  type DataDirLock,
  JWT_SECRET_FILE,
  KYC_KEY_FILE,
  lockDataDir,
  readOrCreateSecret,
} from '@/data-dir.ts';
import { availability, startWatchdog } from '@/db/availability.ts';
import { openDatabase } from '@/db/client.ts';
import { watchDiskSpace } from '@/db/disk-space.ts';
import { type EmbeddedCluster, EmbeddedPostgresError, startEmbeddedPostgres } from '@/db/embedded.ts';
import { runMigrations } from '@/db/migrate.ts';
import { migrationsFolder } from '@/db/migrations-folder.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { systemClock, testClock } from '@/lib/clock.ts';
import { fieldCipher, keyFromText } from '@/lib/field-encryption.ts';
import { createLogger } from '@/lib/logger.ts';
import { configuredMailer } from '@/mail/mailer.ts';
import { scaleAuthRateLimits } from '@/modules/auth/auth.routes.ts';
import { scaleBuyerRateLimits } from '@/modules/buyers/buyers.routes.ts';
import { seedCatalogue } from '@/modules/onboarding/catalogue.ts';
import { createShippingProvider } from '@/modules/shipping/shipping.module.ts';
import { DEMO_SELLER, seedDemo } from '@/seed/demo.ts';
import { seedDemoAnalytics } from '@/seed/demo-analytics.ts';
import { seedDemoCatalogue } from '@/seed/demo-catalogue.ts';
import { seedDemoCoupons } from '@/seed/demo-coupons.ts';
import { seedDemoKyc } from '@/seed/demo-kyc.ts';
import { seedDemoOrders } from '@/seed/demo-orders.ts';
import { seedDemoReturns } from '@/seed/demo-returns.ts';
import { type FileStorage, localDiskStorage } from '@/storage/file-storage.ts';
import { StorageUnavailableError, s3Storage } from '@/storage/s3-storage.ts';
import { createVideoProvider } from '@/video/video-provider.ts';

const EMBEDDED_DATABASE = 'kasuwa';

async function readVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await fs.readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The process entry: the only place that reads the environment, opens the database and listens.
 * Shutdown on SIGTERM/SIGINT: stop accepting, let requests in flight finish, close the pool, stop
 * the embedded PostgreSQL (a fast shutdown checkpoints, so nothing committed is lost), release DATA_DIR.
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const logger: Logger = createLogger(config);
  const cleanups: Array<() => Promise<void>> = [];
  const runCleanups = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        logger.error({ err }, 'error during shutdown');
      }
    }
    cleanups.length = 0;
  };

  let shuttingDown = false;
  const shutdown = (why: string, exitCode: number) => {
    if (shuttingDown) {
      logger.warn({ why }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ why }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    void runCleanups().then(() => {
      logger.info('shutdown complete');
      process.exit(exitCode);
    });
  };

  // What the server knows about its database between queries: while it is away every request
  // answers 503 at once (db/availability.ts).
  const databaseState = availability(logger);
  let gaveUp: EmbeddedPostgresError | null = null;
  let started = false;

  try {
    const lock: DataDirLock = await lockDataDir(config.DATA_DIR);
    cleanups.push(() => lock.release());

    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const cluster: EmbeddedCluster = await startEmbeddedPostgres({
        clusterDir: path.join(config.DATA_DIR, 'pg'),
        logger,
        supervise: {
          maxTries: config.EMBEDDED_PG_RESTART_TRIES,
          backoffMs: config.EMBEDDED_PG_RESTART_BACKOFF_MS,
          maxBackoffMs: 30_000,
          onDown: (reason) => databaseState.markDown(reason, { restarting: true }),
          onUp: () => databaseState.markUp(),
          onGiveUp: (err) => {
            // Up without a database would be up and useless for ever: exit, so that a process
            // supervisor (systemd, Docker, a person) can act on the message.
            gaveUp = err;
            logger.fatal(err.message);
            if (started) shutdown('the embedded PostgreSQL cannot be started again', 1);
          },
        },
      });
      cleanups.push(() => cluster.stop());
      databaseUrl = await ensureDatabase(cluster.adminUrl, EMBEDDED_DATABASE);
    }

    // Migrations and seeding run on connections of their own, without the statement time-out of
    // the pool that serves requests: a long migration is legitimate.
    const setup = openDatabase(databaseUrl, { max: 2 });
    cleanups.push(() => setup.close().catch(() => {}));
    await runMigrations(setup.db, migrationsFolder);
    // The job queue's own tables and functions (graphile_worker schema), after ours: a job can
    // then be added from the first request on, whether or not a worker runs in this process.
    await installJobSchema(setup.pool, logger);
    logger.info('database migrated');
    if (config.SEED_DEMO) {
      const { seeded } = await seedDemo(setup.db);
      if (seeded)
        logger.info({ email: DEMO_SELLER.email }, 'demo seller created (its password is in the README)');
    }

    // Uploads live outside any folder served statically; only the API hands them out. Several API
    // nodes cannot share one disk, so they share a bucket instead (S3_BUCKET).
    let storage: FileStorage;
    if (config.s3) {
      const s3 = await s3Storage({
        ...config.s3,
        scratchDir: path.join(config.DATA_DIR, 'upload-scratch'),
        logger: logger.child({ component: 'storage' }),
      });
      cleanups.push(async () => s3.close());
      storage = s3;
      logger.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint }, 'uploads are stored in S3');
    } else {
      storage = await localDiskStorage(path.join(config.DATA_DIR, 'uploads'));
    }
    const catalogue = await seedCatalogue(setup.db, storage);
    if (catalogue.seeded) logger.info('category catalogue seeded');
    if (config.SEED_DEMO) {
      // Beside the bundle (dist/) as beside the source (src/): the fixture sits one folder up.
      const blipVideo = fileURLToPath(new URL('../fixtures/videos/blip.webm', import.meta.url));
      const demo = await seedDemoCatalogue({ db: setup.db, storage, blipVideo });
      if (demo.seeded) logger.info('demo products and a blip seeded');
      const demoOrders = await seedDemoOrders({
        db: setup.db,
        commissionBps: config.PLATFORM_COMMISSION_BPS,
      });
      if (demoOrders.seeded) logger.info('demo orders seeded');
      // issue 15: returns
      const demoReturns = await seedDemoReturns({ db: setup.db });
      if (demoReturns.seeded) logger.info('demo returns seeded');
      // issue 16: coupons
      const demoCoupons = await seedDemoCoupons({ db: setup.db });
      if (demoCoupons.seeded) logger.info('demo coupons seeded');
      // issue 17: KYC — the demo seller's identity is verified, so the demo can pay out.
      const demoKycKey = await readOrCreateSecret(config.DATA_DIR, KYC_KEY_FILE, config.KYC_ENCRYPTION_KEY);
      const demoKyc = await seedDemoKyc({ db: setup.db, cipher: fieldCipher(keyFromText(demoKycKey)) });
      if (demoKyc.seeded) logger.info('demo identity verification seeded');
      // issue 17: analytics — who watched the demo shows and blips (conversion, show funnel).
      const demoAnalytics = await seedDemoAnalytics({ db: setup.db });
      if (demoAnalytics.seeded) logger.info('demo viewers seeded');
    }
    await setup.close();

    // The pool that serves requests: refuses at once while the database is away, and bounds one
    // statement. The watchdog notices a frozen server; the supervisor a stopped embedded one.
    const database = openDatabase(databaseUrl, {
      availability: databaseState,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
    cleanups.push(() => database.close());
    const watchdog = startWatchdog({
      connectionConfig: () => ({ ...database.pool.options }),
      availability: databaseState,
      intervalMs: config.DB_PROBE_INTERVAL_MS,
      timeoutMs: config.DB_PROBE_TIMEOUT_MS,
      log: logger,
    });
    cleanups.push(() => watchdog.stop());
    const disk = watchDiskSpace({
      path: config.DATA_DIR,
      thresholdBytes: Math.round(config.DISK_FREE_WARN_MB * 1048576),
      log: logger,
    });
    cleanups.push(async () => disk.stop());

    // A command waits at most 1 s: while Redis is away a write is not held for its reconnections
    // (up to ~4 s), it goes on without the shared counters (issue 18, `npm run chaos`).
    const redis = config.REDIS_URL
      ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, commandTimeout: 1_000 })
      : null;
    if (redis) cleanups.push(async () => void (await redis.quit()));

    const mailOptions = { from: config.MAIL_FROM, logger, clock: systemClock };
    const mailer = configuredMailer(config.SMTP_URL, path.join(config.DATA_DIR, 'outbox'), mailOptions);
    cleanups.push(async () => mailer.close());

    const adminToken = await readOrCreateSecret(config.DATA_DIR, ADMIN_TOKEN_FILE, config.ADMIN_TOKEN);
    const jwtSecret = await readOrCreateSecret(config.DATA_DIR, JWT_SECRET_FILE, config.JWT_SECRET);
    // issue 17: the key identity numbers are encrypted under, kept apart from the JWT key.
    const kycKey = await readOrCreateSecret(config.DATA_DIR, KYC_KEY_FILE, config.KYC_ENCRYPTION_KEY);
    const webDist = config.WEB_DIST
      ? path.resolve(config.WEB_DIST)
      : fileURLToPath(new URL('../../web/dist', import.meta.url));

    if (config.TEST_CLOCK) {
      logger.warn(
        'TEST_CLOCK=1: the clock can be moved forward through the admin API (end-to-end tests only)',
      );
    }
    const app = await buildApp({
      db: database.db,
      mailer,
      storage,
      clock: systemClock,
      logger,
      adminToken,
      jwtSecret,
      webDist,
      redis,
      version: await readVersion(),
      trustProxy: config.TRUST_PROXY,
      authRateLimits: scaleAuthRateLimits(config.AUTH_RATE_LIMIT_SCALE),
      buyerRateLimits: scaleBuyerRateLimits(config.AUTH_RATE_LIMIT_SCALE),
      writeRateLimits: config.writeRateLimits,
      video: createVideoProvider(config.video, jwtSecret),
      publicUrl: config.PUBLIC_URL,
      sellerAwayGraceMs: config.SELLER_AWAY_GRACE_SECONDS * 1000,
      uploadSweep: config.uploadSweep,
      resumableUploads: config.resumableUploads,
      productListCache: config.productListCache,
      health: { availability: databaseState, disk },
      jobWorker:
        config.JOBS_WORKER === 'inline'
          ? { mode: 'inline', concurrency: config.JOBS_CONCURRENCY }
          : { mode: 'off' },
      payments: config.payments,
      payouts: config.payouts, // issue 15: payouts
      shipping: createShippingProvider(config.shipping),
      testClock: config.TEST_CLOCK ? testClock(systemClock) : undefined,
      ledger: { commissionBps: config.PLATFORM_COMMISSION_BPS },
      kyc: { provider: config.kycProvider, encryptionKey: keyFromText(kycKey) }, // issue 17: KYC
    });
    logger.info({ videoProvider: config.video.provider }, 'live-show video provider');
    logger.info({ paymentProvider: config.payments.provider }, 'payment provider');
    logger.info({ shippingProvider: config.shipping.provider }, 'shipping provider');
    cleanups.push(() => app.close());

    await app.listen({ port: config.PORT, host: config.HOST });
    logger.info(`Kasuwa Seller is ready on ${config.PUBLIC_URL}`);

    started = true;
    // The supervisor gave up while the server was still starting: do not stay up without a database.
    if (gaveUp) return shutdown('the embedded PostgreSQL cannot be started again', 1);
    process.once('SIGTERM', () => shutdown('SIGTERM', 0));
    process.once('SIGINT', () => shutdown('SIGINT', 0));
  } catch (err) {
    if (
      err instanceof DataDirInUseError ||
      err instanceof EmbeddedPostgresError ||
      err instanceof StorageUnavailableError
    ) {
      logger.fatal(err.message);
    } else {
      logger.fatal({ err }, 'could not start');
    }
    await runCleanups();
    process.exit(1);
  }
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isEntry) void main();
