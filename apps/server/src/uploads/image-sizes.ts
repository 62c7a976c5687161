import type { Readable } from 'node:stream';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  parseSizedImagePath,
  sizedImagePath,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { assertStorageKey, type FileStorage } from '@/storage/file-storage.ts';
import { MAX_IMAGE_PIXELS } from '@/uploads/images.ts';

/*
 * Stored images in sizes (issue 20; the names are @kasuwa/contracts' image-sizes.ts). A size is
 * made from the stored original, which the server itself re-encoded, and kept in the same storage
 * beside it (`<id>.w320.avif` next to `<id>.webp`), so the local disk and S3 work alike and every
 * node finds what another made. Two ways in, so a size is there whenever it is asked for:
 *  - a job (`media.make-image-sizes`) queued when the original is stored makes every size ahead of
 *    the first visitor, on whichever node runs jobs;
 *  - a request for a size not made yet (the job has not run, or the image predates sizes) makes
 *    that one size then and keeps it: so images stored before sizes existed need no backfill.
 * Who may see a size is decided by the route, by its original's rules, before anything is read.
 */

export const MAKE_IMAGE_SIZES_TASK = 'media.make-image-sizes';

/** Keys of originals that come in sizes: a server-made `.webp` below one of these folders. */
const ORIGINAL_KEY =
  /^public\/(products|blips|streams|avatars|banners|categories)(\/[a-z0-9][a-z0-9_-]*)+\.webp$/;

/** Sizes a request may make at once per process; more wait their turn (sharp has its own threads). */
const ON_DEMAND_AT_ONCE = 2;

const ENCODE = {
  webp: (image: Sharp) => image.webp({ quality: 75 }),
  // Effort 2 of 9: a 640 px photo in ~0.4 s on one core, a tenth more bytes than effort 4 in a seventh of its time.
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 2 }),
} satisfies Record<ImageFormat, (image: Sharp) => Sharp>;

export type SizedImage = { stream: Readable; size: number; contentType: string };

/** Whether a storage key is an original that has sizes (`public/<folder>/…/<name>.webp`). */
export const hasSizes = (key: string) => ORIGINAL_KEY.test(key) && !key.includes('..');

/** Every size's key of an original (for removing them with it); none for a key without sizes. */
export function sizedKeysOf(originalKey: string): string[] {
  if (!hasSizes(originalKey)) return [];
  return IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => sizedImagePath(originalKey, w, f)));
}

/** The original and size a stored key names, when it is a size of an original that has sizes. */
export function splitSizedKey(
  key: string,
): { original: string; width: ImageWidth; format: ImageFormat } | null {
  const parsed = parseSizedImagePath(key);
  return parsed && hasSizes(parsed.original) ? parsed : null;
}

/** One size of an image: resized to `width` (never enlarged), without metadata, in `format`. */
export function renderSize(original: Buffer, width: ImageWidth, format: ImageFormat): Promise<Buffer> {
  return ENCODE[format](
    sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).resize({ width, withoutEnlargement: true }),
  ).toBuffer();
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** At most `n` of the functions given run at once; the others wait in order. */
function limiter(n: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await fn();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export function imageSizes({
  storage,
  jobs,
  log,
}: {
  storage: FileStorage;
  /** Where `schedule` queues the job; absent where nothing is queued (benchmarks of uploads). */
  jobs?: { queue: JobQueue; db: Queryable } | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const onDemand = limiter(ON_DEMAND_AT_ONCE);
  /** Sizes being made by a request, by key: a second request for one waits for the first. */
  const making = new Map<string, Promise<boolean>>();

  const readOriginal = async (key: string): Promise<Buffer | null> => {
    const found = await storage.read(key);
    return found ? readAll(found.stream) : null;
  };

  /** Makes and stores one size; false when there is no original to make it from. */
  const makeOne = (original: string, width: ImageWidth, format: ImageFormat): Promise<boolean> => {
    const key = sizedImagePath(original, width, format);
    const pending = making.get(key);
    if (pending) return pending;
    const made = onDemand(async () => {
      const data = await readOriginal(original);
      if (!data) return false;
      await storage.putBuffer(key, await renderSize(data, width, format));
      return true;
    }).finally(() => making.delete(key));
    making.set(key, made);
    return made;
  };

  /** Every size of one original not yet stored; idempotent (a size already there is left alone). */
  async function makeAll(original: string): Promise<void> {
    assertStorageKey(original);
    if (!hasSizes(original)) throw new Error(`not an image with sizes: ${original}`);
    const wanted = sizedKeysOf(original);
    const present = await Promise.all(wanted.map((key) => storage.exists(key)));
    if (present.every(Boolean)) return;
    const data = await readOriginal(original);
    if (!data) return; // removed since (a replaced avatar, a swept upload): nothing to make
    // Smallest first: lists and thumbnails want those, and they are quickest.
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) {
        const key = sizedImagePath(original, width, format);
        if (present[wanted.indexOf(key)]) continue;
        await storage.putBuffer(key, await renderSize(data, width, format));
      }
    }
  }

  return {
    makeAll,

    /**
     * One size of an original whose visibility the caller has checked: the stored size, or made now
     * (and kept) when it is not there yet; null when the original does not exist.
     */
    async open(original: string, width: ImageWidth, format: ImageFormat): Promise<SizedImage | null> {
      if (!hasSizes(original)) return null;
      const key = sizedImagePath(original, width, format);
      let found = await storage.read(key);
      if (!found) {
        if (!(await makeOne(original, width, format))) return null;
        found = await storage.read(key);
      }
      return found ? { ...found, contentType: IMAGE_CONTENT_TYPES[format] } : null;
    },

    /**
     * Queues the job that makes every size of an original just stored. A queue that cannot be
     * reached costs nothing but speed: each size is then made on its first request.
     */
    async schedule(original: string): Promise<void> {
      if (!jobs || !hasSizes(original)) return;
      try {
        await jobs.queue.add(
          jobs.db,
          MAKE_IMAGE_SIZES_TASK,
          { key: original },
          { jobKey: `image-sizes:${original}`, maxAttempts: 5 },
        );
      } catch (err) {
        log.warn({ err, key: original }, 'image sizes: could not queue the job; sizes are made on request');
      }
    },

    tasks: {
      [MAKE_IMAGE_SIZES_TASK]: taskOf(z.object({ key: z.string().min(1).max(300) }), ({ key }) =>
        makeAll(key),
      ),
    } satisfies TaskList,
  };
}
export type ImageSizes = ReturnType<typeof imageSizes>;
