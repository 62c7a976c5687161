import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { type SweepSchedule, sweepSchedule } from '@/modules/uploads/sweep-schedule.ts';
import { uploadReferencesRepository } from '@/modules/uploads/upload-references.repository.ts';
import {
  DEFAULT_SWEEP_SETTINGS,
  SWEEP_START,
  type SweepCursor,
  type SweepReport,
  type SweepSettings,
  uploadSweeper,
} from '@/modules/uploads/upload-sweeper.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

/** How often the owner sweeps, unless configured (UPLOAD_SWEEP_INTERVAL_MINUTES). */
export const DEFAULT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * - `timers: 'auto'`: this node competes for the cluster's sweeper (advisory lock) and sweeps every
 *   `intervalMs` while it owns it — what a server does. `intervalMs: 0` turns the schedule off
 *   (`npm run admin -- sweep-uploads` still sweeps).
 * - `timers: 'manual'`: no lock and no timer; tests call `app.uploadSweeper.sweepAll()`.
 */
export type UploadSweepOptions = Partial<SweepSettings> & {
  timers?: 'auto' | 'manual';
  intervalMs?: number;
  /** How often a node that is not the owner tries to become it; tests shorten it. */
  lockRetryMs?: number;
  /** How long the owner waits before its first run; tests shorten it. */
  firstDelayMs?: number;
};

export type UploadSweeperHandle = {
  /** One scheduled run: carries on from where the previous one stopped, at most maxFilesPerRun files. */
  run(): Promise<SweepReport>;
  /** A whole walk through every upload folder from the start (the operator's command, tests). */
  sweepAll(): Promise<SweepReport>;
  schedule: SweepSchedule | null;
  settings: SweepSettings;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Removal of orphaned uploads. Tests with `timers: 'manual'` call `sweepAll()` or `run()`. */
    uploadSweeper: UploadSweeperHandle;
  }
}

const hours = (ms: number) => Math.round((ms / 3_600_000) * 10) / 10;

/** The sweeper of orphaned uploads: its schedule, and one run at a time on this node. */
export function registerUploadSweeper(
  app: FastifyInstance,
  deps: { db: Database; storage: FileStorage; clock: Clock; options?: UploadSweepOptions | undefined },
): UploadSweeperHandle {
  const {
    timers = 'auto',
    intervalMs = DEFAULT_SWEEP_INTERVAL_MS,
    lockRetryMs,
    firstDelayMs,
    ...given
  } = deps.options ?? {};
  const settings: SweepSettings = { ...DEFAULT_SWEEP_SETTINGS, ...given };
  const sweeper = uploadSweeper({
    repo: uploadReferencesRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    log: app.log,
    settings,
  });

  let closing = false;
  let cursor: SweepCursor = SWEEP_START;
  // Runs on this node follow one another: a scheduled run and an operator's never overlap here.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };

  const logged = (trigger: 'schedule' | 'admin', report: SweepReport) => {
    const { totals } = report;
    app.log.info(
      {
        trigger,
        graceHours: hours(settings.graceMs),
        ...totals,
        areas: report.areas,
        complete: report.complete,
        ms: report.ms,
      },
      `upload sweep: removed ${totals.deleted} orphaned file(s) of ${totals.examined} looked at`,
    );
    return report;
  };

  const handle: UploadSweeperHandle = {
    settings,
    run: () =>
      serially(async () => {
        const { report, next } = await sweeper.sweep({
          from: cursor,
          maxFiles: settings.maxFilesPerRun,
          shouldStop: () => closing,
        });
        cursor = next;
        return logged('schedule', report);
      }),
    sweepAll: () =>
      serially(async () => logged('admin', (await sweeper.sweep({ shouldStop: () => closing })).report)),
    schedule:
      timers === 'auto' && intervalMs > 0
        ? sweepSchedule({
            // Outside the pool: the lock must stay on one session for as long as this node owns it.
            connect: () =>
              new pg.Client({ ...deps.db.$client.options, application_name: 'kasuwa-upload-sweeper' }),
            run: () => handle.run(),
            log: app.log,
            intervalMs,
            ...(lockRetryMs !== undefined ? { retryMs: lockRetryMs } : {}),
            ...(firstDelayMs !== undefined ? { firstDelayMs } : {}),
          })
        : null,
  };

  app.decorate('uploadSweeper', handle);
  if (handle.schedule) {
    const schedule = handle.schedule;
    app.addHook('onReady', async () => schedule.start());
  }
  app.addHook('preClose', async () => {
    // A run in progress stops after its current batch; nothing half-done is left behind.
    closing = true;
    await handle.schedule?.stop();
    await queue;
  });
  return handle;
}
