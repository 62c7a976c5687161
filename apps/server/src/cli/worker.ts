import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pino from 'pino';
import { type App, buildApp } from '@/app.ts';
import { ConfigError, loadConfig } from '@/config.ts';
import { ADMIN_TOKEN_FILE, JWT_SECRET_FILE, readOrCreateSecret } from '@/data-dir.ts';
import { openDatabase } from '@/db/client.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { systemClock } from '@/lib/clock.ts';
import { configuredMailer } from '@/mail/mailer.ts';
import { createShippingProvider } from '@/modules/shipping/shipping.module.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';
import { s3Storage } from '@/storage/s3-storage.ts';
import { createVideoProvider } from '@/video/video-provider.ts';

/**
 * `npm run worker`: a process that only runs jobs — the same tasks as the worker inside the server
 * (it builds the same app, without listening), on the same DATABASE_URL — for when jobs should not share the API nodes' CPU
 * (set JOBS_WORKER=off on those). Any number of them may run; graphile-worker hands each job to one.
 * It needs an external PostgreSQL: the embedded one belongs to the server that started it, and
 * there the server runs jobs itself. SIGTERM/SIGINT stop it gracefully: running jobs finish first.
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  if (!config.DATABASE_URL) {
    process.stderr.write(
      'npm run worker needs DATABASE_URL (the PostgreSQL the servers use). Without it the server runs ' +
        'its embedded PostgreSQL and its jobs itself (JOBS_WORKER=inline).\n',
    );
    process.exit(1);
  }
  const logger = pino({ level: config.LOG_LEVEL }).child({ component: 'job-worker' });
  const mailer = configuredMailer(config.SMTP_URL, path.join(config.DATA_DIR, 'outbox'), {
    from: config.MAIL_FROM,
    logger,
    clock: systemClock,
  });
  const database = openDatabase(config.DATABASE_URL, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  let app: App | null = null;

  let stopping = false;
  const stop = async (why: string, exitCode: number) => {
    if (stopping) {
      logger.warn({ why }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ why }, 'job worker stopping: letting running jobs finish');
    setTimeout(() => {
      logger.error('stopping took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    await redis?.quit().catch(() => {});
    mailer.close();
    logger.info('job worker stopped');
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
  process.once('SIGINT', () => void stop('SIGINT', 0));

  try {
    // The server installs it too; a worker started first must not wait for one.
    await installJobSchema(database.pool, logger);
    const storage = config.s3
      ? await s3Storage({ ...config.s3, scratchDir: path.join(config.DATA_DIR, 'upload-scratch'), logger })
      : await localDiskStorage(path.join(config.DATA_DIR, 'uploads'));
    // The whole app, never listening: every module registers its tasks exactly as in the server, and
    // what a task pushes to sockets reaches the API nodes through Redis. The auction clock and the
    // upload sweep stay with the API nodes.
    const jwtSecret = await readOrCreateSecret(config.DATA_DIR, JWT_SECRET_FILE, config.JWT_SECRET);
    app = await buildApp({
      db: database.db,
      mailer,
      storage,
      clock: systemClock,
      logger,
      adminToken: await readOrCreateSecret(config.DATA_DIR, ADMIN_TOKEN_FILE, config.ADMIN_TOKEN),
      jwtSecret,
      webDist: null,
      redis,
      publicUrl: config.PUBLIC_URL,
      video: createVideoProvider(config.video, jwtSecret),
      payments: config.payments,
      payouts: config.payouts, // issue 15: payouts
      shipping: createShippingProvider(config.shipping),
      ledger: { commissionBps: config.PLATFORM_COMMISSION_BPS },
      auctionTimers: 'manual',
      uploadSweep: { timers: 'manual' },
      jobWorker: { mode: 'inline', concurrency: config.JOBS_CONCURRENCY },
    });
    await app.ready();
    logger.info(
      { concurrency: config.JOBS_CONCURRENCY, tasks: Object.keys(app.jobs.tasks) },
      'job worker ready',
    );
  } catch (err) {
    logger.fatal({ err }, 'the job worker could not start');
    await stop('could not start', 1);
  }
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isEntry) void main();
