import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { appTasks } from '@/app-tasks.ts';
import { ConfigError, loadConfig } from '@/config.ts';
import { installJobSchema, openJobPool, startJobWorker } from '@/jobs/job-worker.ts';
import { systemClock } from '@/lib/clock.ts';
import { configuredMailer } from '@/mail/mailer.ts';

/**
 * `npm run worker`: a process that only runs jobs — the same tasks (app-tasks.ts) as the worker
 * inside the server, on the same DATABASE_URL — for when jobs should not share the API nodes' CPU
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
  const pool = openJobPool({ connectionString: config.DATABASE_URL }, config.JOBS_CONCURRENCY);

  let worker: Awaited<ReturnType<typeof startJobWorker>> | null = null;
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
    await worker?.stop();
    await pool.end().catch(() => {});
    mailer.close();
    logger.info('job worker stopped');
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
  process.once('SIGINT', () => void stop('SIGINT', 0));

  try {
    // The server installs it too; a worker started first must not wait for one.
    await installJobSchema(pool, logger);
    worker = await startJobWorker({
      pool,
      tasks: appTasks({ mailer }),
      concurrency: config.JOBS_CONCURRENCY,
      log: logger,
    });
    logger.info({ concurrency: config.JOBS_CONCURRENCY }, 'job worker ready');
  } catch (err) {
    logger.fatal({ err }, 'the job worker could not start');
    await stop('could not start', 1);
  }
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isEntry) void main();
