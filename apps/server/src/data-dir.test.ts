import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, readOrCreateSecret } from '@/data-dir.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-dd-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('DATA_DIR lock', () => {
  it('refuses a second owner while the first one lives', async () => {
    // pid 1 always exists: it stands for another live server.
    await fs.writeFile(path.join(dir, 'server.lock'), '1\n2026-01-01T00:00:00.000Z\n');
    await expect(lockDataDir(dir)).rejects.toThrow(
      /Another Kasuwa server \(pid 1\) is already using DATA_DIR/,
    );
  });

  it('takes over a lock left by a server that died', async () => {
    await fs.writeFile(path.join(dir, 'server.lock'), '999999999\n');
    const lock = await lockDataDir(dir);
    expect((await fs.readFile(path.join(dir, 'server.lock'), 'utf8')).split('\n')[0]).toBe(
      String(process.pid),
    );
    await lock.release();
    await expect(fs.access(path.join(dir, 'server.lock'))).rejects.toThrow();
  });
});

describe('secrets kept in DATA_DIR', () => {
  it('are made once, private, and reused', async () => {
    const first = await readOrCreateSecret(dir, 'admin-token');
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect((await fs.stat(path.join(dir, 'admin-token'))).mode & 0o777).toBe(0o600);
    expect(await readOrCreateSecret(dir, 'admin-token')).toBe(first);
  });

  it('prefer a value given in the environment', async () => {
    expect(await readOrCreateSecret(dir, 'admin-token', 'from-env')).toBe('from-env');
    await expect(fs.access(path.join(dir, 'admin-token'))).rejects.toThrow();
  });
});
