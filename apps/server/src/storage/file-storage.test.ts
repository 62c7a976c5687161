import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { access, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStorageUnavailableError } from '@/lib/errors.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { StorageUnavailableError } from '@/storage/s3-storage.ts';
import { bothStorages, type FakeS3, fakeS3Storage, startFakeS3 } from '@/test/fake-s3.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

let s3: FakeS3;
const folders: string[] = [];
const closers: Array<() => void> = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-storage-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  for (const close of closers) close();
  await s3.stop();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Both implementations, made fresh for each case; S3 deletes in batches of 2 to exercise batching. */
const implementations = bothStorages(() => s3, tempDir, closers, { deleteBatchSize: 2 });

let n = 0;
const uniqueKey = (prefix = 'documents/seller') => {
  n += 1;
  return `${prefix}/${Date.now()}-${n}.pdf`;
};

describe.each(implementations)('FileStorage on $name', ({ make }) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it('gives back the bytes and size of a stored buffer', async () => {
    const key = uniqueKey();
    const data = randomBytes(4096);
    await storage.putBuffer(key, data);
    const file = await storage.read(key);
    expect(file?.size).toBe(4096);
    expect((await readAll(file?.stream as Readable)).equals(data)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
  });

  it('moves a scratch file in, streaming several megabytes, and leaves no scratch copy', async () => {
    const key = uniqueKey();
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const scratch = path.join(storage.scratchDir, `up-${n}`);
    await writeFile(scratch, data);
    await storage.putFile(key, scratch);
    expect(await exists(scratch)).toBe(false);
    const file = await storage.read(key);
    expect(file?.size).toBe(data.length);
    expect((await readAll(file?.stream as Readable)).equals(data)).toBe(true);
  });

  it('replaces what a key held when it is written again', async () => {
    const key = uniqueKey('public/avatars/seller');
    await storage.putBuffer(key, Buffer.from('first version'));
    await storage.putBuffer(key, Buffer.from('second'));
    const file = await storage.read(key);
    expect(file?.size).toBe(6);
    expect((await readAll(file?.stream as Readable)).toString()).toBe('second');
  });

  it('answers null and false for a key that was never stored', async () => {
    const key = uniqueKey();
    expect(await storage.read(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
  });

  it('deletes many keys at once, more than one request holds, and ignores missing ones', async () => {
    const keys = Array.from({ length: 5 }, () => uniqueKey('documents/many'));
    const keep = uniqueKey('documents/many');
    for (const key of [...keys, keep]) await storage.putBuffer(key, Buffer.from(key));
    await storage.delete([...keys, uniqueKey('documents/never-stored')]);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(keep)).toBe(true);
    await expect(storage.delete([])).resolves.toBeUndefined();
  });

  it('lists a folder page by page, each key once, with when it was written, and nothing beside it', async () => {
    n += 1;
    const folder = `public/listing-${n}/`;
    const keys = [
      `${folder}0b1c/a.webp`,
      `${folder}0b1c/b.webp`,
      `${folder}0b1c/c.webp`,
      `${folder}7f00/a.mp4`,
      `${folder}7f00/b.webp`,
    ];
    const before = Date.now() - 60_000;
    for (const key of keys) await storage.putBuffer(key, Buffer.from(key));
    await storage.putBuffer(`public/listing-${n}x/outside.webp`, Buffer.from('x'));

    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { files, next } = await storage.list(folder, { after, limit: 2 });
      expect(files.length).toBeLessThanOrEqual(2);
      for (const file of files) {
        expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
        expect(file.modifiedAt.getTime()).toBeLessThan(Date.now() + 60_000);
      }
      seen.push(...files.map((f) => f.key));
      if (next === null) break;
      after = next;
    }
    expect(seen).toEqual(keys);
    expect(await storage.list(folder, { limit: 100 })).toMatchObject({ next: null });
    expect(await storage.list(`public/listing-${n}-never/`, { limit: 10 })).toEqual({
      files: [],
      next: null,
    });
    await expect(storage.list('../', { limit: 1 })).rejects.toThrow(/invalid storage key/);
  });

  it('refuses keys the server did not make, so nothing climbs out of its folder', async () => {
    for (const key of ['../etc/passwd', '/documents/x.pdf', 'documents/../x.pdf', 'Documents/X.pdf', '']) {
      await expect(storage.putBuffer(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.read(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('keeps a private scratch folder for uploads being checked', async () => {
    const info = await stat(storage.scratchDir);
    expect(info.isDirectory()).toBe(true);
    expect(info.mode & 0o777).toBe(0o700);
  });
});

describe('S3 storage only', () => {
  it('refuses to start on a bucket that does not exist, saying which', async () => {
    await expect(
      fakeS3Storage(s3, path.join(await tempDir(), 'scratch'), { bucket: 'no-such-bucket' }),
    ).rejects.toThrow(
      new StorageUnavailableError(
        `S3 bucket "no-such-bucket" at ${s3.endpoint} is not usable: the bucket does not exist`,
      ),
    );
  });

  it('sends a file again, from a fresh stream, when the service answers 503 once', async () => {
    // A proxy in front of s3rver that turns the first upload away as S3 does when it is busy.
    let puts = 0;
    const proxy = http.createServer((req, res) => {
      const isPut = req.method === 'PUT';
      if (isPut) puts += 1;
      if (isPut && puts === 1) {
        req.resume();
        req.on('end', () => {
          res.writeHead(503, { 'content-type': 'application/xml' });
          res.end(
            '<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Reduce your rate</Message></Error>',
          );
        });
        return;
      }
      const target = new URL(s3.endpoint);
      const forward = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    try {
      const storage = await fakeS3Storage(s3, path.join(await tempDir(), 'scratch'), {
        endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      });
      closers.push(() => storage.close());
      const data = randomBytes(200_000);
      const scratch = path.join(storage.scratchDir, 'retry');
      await writeFile(scratch, data);
      const key = uniqueKey();
      await storage.putFile(key, scratch);
      expect(puts).toBe(2);
      const file = await storage.read(key);
      expect((await readAll(file?.stream as Readable)).equals(data)).toBe(true);
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it('answers a 503 saying storage is unavailable when the service cannot be reached (issue 18, chaos)', async () => {
    // A proxy in front of s3rver, closed after the start: connections to it are refused.
    const target = new URL(s3.endpoint);
    const proxy = http.createServer((req, res) => {
      const forward = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    const storage = await fakeS3Storage(s3, path.join(await tempDir(), 'scratch'), {
      endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    });
    closers.push(() => storage.close());
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
    const refused = storage.putBuffer(uniqueKey(), Buffer.from('x'));
    await expect(refused).rejects.toBeInstanceOf(FileStorageUnavailableError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      message: 'File storage is unavailable right now. Please try again in a moment.',
    });
    await expect(storage.read(uniqueKey())).rejects.toBeInstanceOf(FileStorageUnavailableError);
  });
});
