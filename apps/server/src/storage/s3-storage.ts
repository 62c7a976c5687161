import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { format } from 'node:util';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { FileStorageUnavailableError } from '@/lib/errors.ts';
import { assertStorageKey, type FileStorage, type StoredFile } from '@/storage/file-storage.ts';

export type S3StorageOptions = {
  bucket: string;
  /** For S3-compatible services (MinIO, Cloudflare R2, Backblaze B2, ...); unset means AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither means the SDK's own chain (an instance or task role on AWS). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most self-hosted services need it. */
  forcePathStyle: boolean;
  /** A private local folder where uploads wait while they are checked, before they go to the bucket. */
  scratchDir: string;
  /** Keys per DeleteObjects request. S3 takes at most 1000; tests pass a small number. */
  deleteBatchSize?: number;
  /** Where the SDK's warnings go (e.g. a failed upload attempt that putFile will send again). */
  logger?: { warn(message: string): void };
};

export class StorageUnavailableError extends Error {}

const MAX_DELETE_BATCH = 1000;
const PUT_ATTEMPTS = 3;

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound')) return true;
  return statusOf(err) === 404;
}

/** Worth another try with a fresh stream: the service or the network failed, not our request. */
function isTransient(err: unknown): boolean {
  const status = statusOf(err);
  if (status !== undefined) return status >= 500 || status === 429;
  return true;
}

/**
 * Files in an S3 bucket, so several API nodes share one store. Uploads still arrive in a local
 * scratch folder first (they are checked by content there), then go to the bucket in one PutObject;
 * an object appears whole or not at all, so readers never see half a file.
 *
 * Checks the bucket at start: a wrong name, endpoint or key fails the start with a clear message
 * instead of the first seller's upload.
 */
export async function s3Storage(options: S3StorageOptions): Promise<FileStorage & { close(): void }> {
  const { bucket, scratchDir } = options;
  const deleteBatchSize = Math.min(options.deleteBatchSize ?? MAX_DELETE_BATCH, MAX_DELETE_BATCH);
  const credentials =
    options.accessKeyId && options.secretAccessKey
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
      : undefined;
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials,
    // A host that swallows connections must not hold an upload for the OS's two minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
    // Without a logger the SDK writes its warnings to the console. Its info and error lines (every
    // call's input and output, every failed call, including a missing key we expect) are dropped:
    // a failure is thrown to our code, which answers or logs it once.
    logger: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => options.logger?.warn(format(...args)),
      error: () => {},
    },
    // Since 2025 the SDK sends streamed bodies as aws-chunked with a CRC32 trailer; many
    // S3-compatible services (s3rver, older MinIO, some gateways) store that framing as the file.
    // Checksums only where the API requires one (DeleteObjects) work everywhere; the body's
    // integrity on the way is TLS's job, and Content-Length is still checked by the service.
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  };
  const s3 = new S3Client(config);
  // Every call: a storage that cannot be reached, or fails on its side, is a 503 saying so (with
  // the SDK's error as its cause, for the log), never a 500 or a database message.
  const send = (async (command: Parameters<S3Client['send']>[0]) => {
    try {
      return await s3.send(command);
    } catch (err) {
      if (!isTransient(err)) throw err;
      throw Object.assign(new FileStorageUnavailableError(), { cause: err });
    }
  }) as S3Client['send'];
  const client = { send, destroy: () => s3.destroy() };

  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    client.destroy();
    const where = options.endpoint ?? `AWS region ${options.region}`;
    const status = statusOf(err);
    const reason =
      status === 404
        ? 'the bucket does not exist'
        : status === 403
          ? 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY and the bucket policy'
          : (err as Error).message;
    throw new StorageUnavailableError(`S3 bucket "${bucket}" at ${where} is not usable: ${reason}`);
  }

  await fs.mkdir(scratchDir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode alone; uploads waiting here are private.
  await fs.chmod(scratchDir, 0o700);

  return {
    scratchDir,

    async putFile(key, localPath) {
      assertStorageKey(key);
      const { size } = await fs.stat(localPath);
      // A streamed body cannot be rewound, so the SDK never retries it: a failed attempt is sent
      // again here from a fresh stream.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: createReadStream(localPath),
              ContentLength: size,
            }),
          );
          break;
        } catch (err) {
          if (attempt >= PUT_ATTEMPTS || !isTransient(err)) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
        }
      }
      // Moved, as on local disk: the scratch copy is gone once the bucket has the file.
      await fs.rm(localPath, { force: true });
    },

    async putBuffer(key, data) {
      assertStorageKey(key);
      // A buffer can be sent again, so the SDK's own retries apply.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));
    },

    async read(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const stream = object.Body as Readable | undefined;
        if (!stream) return null;
        let size = object.ContentLength;
        if (size === undefined) {
          const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          size = head.ContentLength ?? 0;
        }
        return { stream, size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async delete(keys) {
      for (const key of keys) assertStorageKey(key);
      for (let start = 0; start < keys.length; start += deleteBatchSize) {
        const batch = keys.slice(start, start + deleteBatchSize);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // S3 reports a missing key as deleted; anything listed here really failed.
        const failed = answer.Errors ?? [];
        if (failed.length) {
          const first = failed[0];
          throw new Error(
            `could not delete ${failed.length} of ${batch.length} objects, e.g. ${first?.Key}: ${first?.Code} ${first?.Message ?? ''}`.trim(),
          );
        }
      }
    },

    async list(prefix, { after, limit }) {
      assertStorageKey(prefix.replace(/\/$/, ''));
      if (!prefix.endsWith('/')) throw new Error(`list takes a folder ending in "/": ${prefix}`);
      const files: StoredFile[] = [];
      let startAfter = after?.startsWith(prefix) ? after : undefined;
      // One request answers at most 1000 keys; a larger page takes several.
      for (;;) {
        const answer = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            StartAfter: startAfter,
            MaxKeys: Math.min(limit - files.length, 1000),
          }),
        );
        for (const object of answer.Contents ?? []) {
          if (!object.Key) continue;
          startAfter = object.Key;
          // S3 always sends the time; an object of unknown age is left out rather than guessed old.
          if (object.LastModified) files.push({ key: object.Key, modifiedAt: object.LastModified });
        }
        if (!answer.IsTruncated) return { files, next: null };
        if (files.length >= limit) return { files, next: startAfter ?? null };
      }
    },

    close() {
      client.destroy();
    },
  };
}
