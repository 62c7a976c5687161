import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. buildApp takes one; server.ts passes the local-disk one below
 * (DATA_DIR/uploads), or the S3 one (s3-storage.ts) when S3_BUCKET is set, since several API nodes
 * cannot share one disk. file-storage.test.ts runs the same cases against both.
 *
 * Keys are made by the server only (never from a file name), e.g. `documents/<seller>/<uuid>`.
 */
export interface FileStorage {
  /** Moves a finished local file into storage; readers never see half a file. */
  putFile(key: string, localPath: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /** The file and its size, or null when there is no such key. */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the keys; missing keys are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** A private local folder where uploads are streamed while they are checked. */
  readonly scratchDir: string;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Refuses anything that is not a server-made key, so no key can climb out of the root. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

/**
 * Files on local disk under `root`, which must be outside any folder served statically. Writes go
 * to a scratch file first and are renamed into place, which is atomic on one file system.
 */
export async function localDiskStorage(root: string): Promise<FileStorage> {
  const scratchDir = path.join(root, '.incoming');
  await fs.mkdir(scratchDir, { recursive: true, mode: 0o700 });
  const fullPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const place = async (key: string, from: string) => {
    const target = fullPath(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await fs.rename(from, target);
    } catch (err) {
      // A scratch file on another file system (a caller's own temp folder): copy, then remove.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fs.copyFile(from, `${target}.part`);
      await fs.rename(`${target}.part`, target);
      await fs.rm(from, { force: true });
    }
  };
  let counter = 0;
  return {
    scratchDir,
    putFile: (key, localPath) => place(key, localPath),
    async putBuffer(key, data) {
      counter += 1;
      const scratch = path.join(scratchDir, `buf-${process.pid}-${Date.now()}-${counter}`);
      await fs.writeFile(scratch, data, { mode: 0o600 });
      try {
        await place(key, scratch);
      } finally {
        await fs.rm(scratch, { force: true });
      }
    },
    async read(key) {
      const file = fullPath(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await fs.stat(fullPath(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(fullPath(key), { force: true })));
    },
  };
}
