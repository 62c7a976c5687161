import fs from 'node:fs/promises';
import type { Logger } from 'pino';

export type DiskSpaceStatus = {
  /** Bytes free for this process on the disk that holds `path`; null until read or when unreadable. */
  freeBytes: number | null;
  /** Free space is below the warning threshold. */
  low: boolean;
  thresholdBytes: number;
};

export type DiskSpace = { status(): DiskSpaceStatus; check(): Promise<DiskSpaceStatus>; stop(): void };

/** Reads the free bytes of the disk holding `path` (statfs; injected in tests). */
export type FreeSpaceReader = (path: string) => Promise<number>;

export const statfsFreeBytes: FreeSpaceReader = async (p) => {
  const s = await fs.statfs(p);
  return s.bavail * s.bsize;
};

/** The rule, on its own: low when what is free is below the threshold (a threshold of 0 never warns). */
export function isLow(freeBytes: number | null, thresholdBytes: number): boolean {
  return freeBytes !== null && thresholdBytes > 0 && freeBytes < thresholdBytes;
}

/**
 * Watches the free space of DATA_DIR's disk (where the embedded PostgreSQL, uploads and the outbox
 * live): when it falls below the threshold the server says so once in its log and on /api/health,
 * before PostgreSQL starts refusing writes (53100, answered 503 by the error handler).
 */
export function watchDiskSpace({
  path,
  thresholdBytes,
  intervalMs = 30_000,
  read = statfsFreeBytes,
  log,
}: {
  path: string;
  thresholdBytes: number;
  intervalMs?: number;
  read?: FreeSpaceReader;
  log: Pick<Logger, 'warn' | 'info'>;
}): DiskSpace {
  let current: DiskSpaceStatus = { freeBytes: null, low: false, thresholdBytes };
  const check = async () => {
    let freeBytes: number | null = null;
    try {
      freeBytes = await read(path);
    } catch {
      // An unreadable statfs is no reason to warn; the next check tries again.
    }
    const low = isLow(freeBytes, thresholdBytes);
    if (low && !current.low) {
      log.warn(
        {
          path,
          freeMB: Math.round((freeBytes ?? 0) / 1048576),
          thresholdMB: Math.round(thresholdBytes / 1048576),
        },
        'disk space is low on DATA_DIR: free some space, or writes will soon be refused',
      );
    } else if (!low && current.low) {
      log.info(
        { path, freeMB: Math.round((freeBytes ?? 0) / 1048576) },
        'disk space on DATA_DIR is fine again',
      );
    }
    current = { freeBytes, low, thresholdBytes };
    return current;
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { status: () => current, check, stop: () => clearInterval(timer) };
}
