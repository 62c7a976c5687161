import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from '@/db/embedded.ts';

export class DataDirInUseError extends Error {}

export type DataDirLock = { release: () => Promise<void> };

const LOCK_FILE = 'server.lock';

/**
 * One server per DATA_DIR: two servers sharing a cluster folder, outbox and uploads would corrupt
 * them. The lock file holds the owner's pid; a lock whose process is gone is stale and taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await fs.open(lockPath, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n${new Date().toISOString()}\n`);
      await handle.close();
      return {
        release: async () => {
          const owner = await readOwner(lockPath);
          if (owner === process.pid) await fs.rm(lockPath, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = await readOwner(lockPath);
      if (owner !== null && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `Another Kasuwa server (pid ${owner}) is already using DATA_DIR ${dataDir}. Stop it first, or start this one with a different DATA_DIR.`,
        );
      }
      // Stale: its server died without cleaning up. Remove it and try again.
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}: another server keeps taking it.`);
}

async function readOwner(lockPath: string): Promise<number | null> {
  try {
    const pid = Number((await fs.readFile(lockPath, 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A secret kept in DATA_DIR (mode 0600), made on first use: the admin token and, on a single node,
 * the JWT key. Several nodes must be given the same value through the environment instead.
 */
export async function readOrCreateSecret(dataDir: string, name: string, given?: string): Promise<string> {
  if (given) return given;
  const file = path.join(dataDir, name);
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const value = randomBytes(32).toString('base64url');
  try {
    await fs.writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (err) {
    // Lost a race with another writer: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(file, 'utf8')).trim();
    throw err;
  }
}

export const ADMIN_TOKEN_FILE = 'admin-token';
export const JWT_SECRET_FILE = 'jwt-secret';
export const KYC_KEY_FILE = 'kyc-key';
