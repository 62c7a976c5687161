import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { type FileStorage, localDiskStorage } from '@/storage/file-storage.ts';
import { type S3StorageOptions, s3Storage } from '@/storage/s3-storage.ts';

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  /** Any pair works: s3rver checks the signature's shape, not the keys. */
  accessKeyId: string;
  secretAccessKey: string;
  stop: () => Promise<void>;
};

let desShimmed = false;

/**
 * s3rver seals the continuation token of a truncated listing with single DES, which OpenSSL 3
 * keeps in its legacy provider only, so any listing longer than one page answered 500. Triple DES
 * with one key repeated three times is the same cipher and is in the default provider; s3rver
 * runs in this process, so its calls are routed there. Only the name 'des' is touched.
 */
function letS3rverPageListings() {
  if (desShimmed) return;
  desShimmed = true;
  const tripled = (key: crypto.CipherKey) => Buffer.concat(Array(3).fill(Buffer.from(key as Buffer)));
  const { createCipheriv, createDecipheriv } = crypto;
  const patched = crypto as unknown as Record<string, unknown>;
  patched.createCipheriv = (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
    algorithm === 'des'
      ? createCipheriv('des-ede3-cbc', tripled(key), iv)
      : createCipheriv(algorithm, key, iv);
  patched.createDecipheriv = (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
    algorithm === 'des'
      ? createDecipheriv('des-ede3-cbc', tripled(key), iv)
      : createDecipheriv(algorithm, key, iv);
}

/**
 * An S3-compatible server (s3rver) in this process, on a free port, with one empty bucket. No real
 * cloud is reachable from the test machines; this speaks the same HTTP API the SDK uses.
 */
export async function startFakeS3(bucket = 'kasuwa-test-uploads', port = 0): Promise<FakeS3> {
  letS3rverPageListings();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      // The SDK keeps sockets alive; without this, close() waits for them to time out.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The app's S3 storage against the fake: its bucket, endpoint and keys, path-style addressing, and
 * `scratchDir` for files on their way up; `extra` overrides any option (another bucket, a proxy's
 * endpoint, a small delete batch).
 */
export function fakeS3Storage(fake: FakeS3, scratchDir: string, extra: Partial<S3StorageOptions> = {}) {
  return s3Storage({
    bucket: fake.bucket,
    endpoint: fake.endpoint,
    region: 'us-east-1',
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
    scratchDir,
    ...extra,
  });
}

/**
 * Both storage implementations, each made fresh for a case: local disk, and S3 against the fake
 * (`s3` is read when a case makes one, after beforeAll started it). Each S3 storage is closed through
 * `closers`; `s3Extra` adds options such as a small delete batch.
 */
export function bothStorages(
  s3: () => FakeS3,
  tempDir: () => Promise<string>,
  closers: Array<() => void>,
  s3Extra: Partial<S3StorageOptions> = {},
): Array<{ name: string; make: () => Promise<FileStorage> }> {
  return [
    { name: 'local disk', make: async () => localDiskStorage(await tempDir()) },
    {
      name: 'S3 (s3rver)',
      make: async () => {
        const storage = await fakeS3Storage(s3(), path.join(await tempDir(), 'scratch'), s3Extra);
        closers.push(() => storage.close());
        return storage;
      },
    },
  ];
}
