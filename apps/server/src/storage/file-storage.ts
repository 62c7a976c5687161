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
  /**
   * One page of a walk through a folder too big to read at once (the upload sweeper's): up to
   * `limit` stored keys below `prefix` (ending in `/`), in a fixed order, after the key `after`
   * when given, with when each was written; `next` is the `after` of the following page, null at
   * the end. A key written during the walk may be missed until the next walk.
   */
  list(prefix: string, options: { after?: string | undefined; limit: number }): Promise<StoredPage>;
  /** A private local folder where uploads are streamed while they are checked. */
  readonly scratchDir: string;
}

export type StoredFile = { key: string; modifiedAt: Date };
export type StoredPage = { files: StoredFile[]; next: string | null };

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
    list: (prefix, options) => listLocal(root, prefix, options),
  };
}

/**
 * Local keys in folder-walk order (each folder's names sorted), which is key order segment by
 * segment. Names that are not keys (a `.part` being copied in) are left out.
 */
async function listLocal(
  root: string,
  prefix: string,
  { after, limit }: { after?: string | undefined; limit: number },
): Promise<StoredPage> {
  assertStorageKey(prefix.replace(/\/$/, ''));
  if (!prefix.endsWith('/')) throw new Error(`list takes a folder ending in "/": ${prefix}`);
  const files: StoredFile[] = [];
  let full = false;
  // The cursor's path below the prefix, one name per level; a key outside the prefix starts over.
  const cursor = after?.startsWith(prefix) ? after.slice(prefix.length).split('/') : [];

  const walk = async (folder: string, from: string[]): Promise<void> => {
    let names: string[];
    try {
      names = await fs.readdir(path.join(root, folder));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw err;
    }
    names.sort();
    const [first, ...rest] = from;
    for (const name of names) {
      if (first !== undefined && name < first) continue;
      const key = `${folder}/${name}`;
      if (!KEY.test(key) || name.endsWith('.part')) continue;
      let stat: Awaited<ReturnType<typeof fs.stat>>;
      try {
        stat = await fs.stat(path.join(root, key));
      } catch {
        continue; // removed meanwhile
      }
      if (stat.isDirectory()) {
        await walk(key, name === first ? rest : []);
        if (full) return;
      } else if (stat.isFile() && name !== first) {
        files.push({ key, modifiedAt: stat.mtime });
        if (files.length >= limit) {
          full = true;
          return;
        }
      }
    }
  };
  if (limit > 0) await walk(prefix.slice(0, -1), cursor);
  const last = files.at(-1);
  return { files, next: full && last ? last.key : null };
}
