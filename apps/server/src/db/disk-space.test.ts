import { describe, expect, it } from 'vitest';
import { isLow, statfsFreeBytes, watchDiskSpace } from '@/db/disk-space.ts';

const MB = 1024 * 1024;

function capturingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  return {
    lines,
    warn: (_o: unknown, msg?: string) => void lines.push({ level: 'warn', msg: msg ?? '' }),
    info: (_o: unknown, msg?: string) => void lines.push({ level: 'info', msg: msg ?? '' }),
  };
}

describe('free disk space on DATA_DIR', () => {
  it('is low below the threshold only, and never with a threshold of 0 or an unknown reading', () => {
    expect(isLow(100 * MB, 512 * MB)).toBe(true);
    expect(isLow(512 * MB, 512 * MB)).toBe(false);
    expect(isLow(0, 0)).toBe(false);
    expect(isLow(null, 512 * MB)).toBe(false);
  });

  it('warns once in the log when space runs low and says when it is fine again', async () => {
    let free = 2000 * MB;
    const log = capturingLog();
    const disk = watchDiskSpace({
      path: '/data',
      thresholdBytes: 512 * MB,
      intervalMs: 60_000,
      read: async () => free,
      log,
    });
    try {
      expect(await disk.check()).toEqual({ freeBytes: 2000 * MB, low: false, thresholdBytes: 512 * MB });
      free = 100 * MB;
      await disk.check();
      await disk.check();
      expect(disk.status().low).toBe(true);
      expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
      expect(log.lines[0]?.msg).toMatch(/disk space is low on DATA_DIR/);
      free = 900 * MB;
      await disk.check();
      expect(disk.status().low).toBe(false);
      expect(log.lines.at(-1)).toEqual({ level: 'info', msg: 'disk space on DATA_DIR is fine again' });
    } finally {
      disk.stop();
    }
  });

  it('reads the real free space with statfs', async () => {
    expect(await statfsFreeBytes('/')).toBeGreaterThan(0);
  });
});
