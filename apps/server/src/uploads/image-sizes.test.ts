// Sizes of stored images (issue 20) on both storages: what the job and a first request make, and
// the names that are and are not sizes. The routes that serve them: image-sizes-served.test.ts.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '@kasuwa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '@/storage/file-storage.ts';
import { bothStorages, type FakeS3, startFakeS3 } from '@/test/fake-s3.ts';
import { imageSizes, sizedKeysOf, splitSizedKey } from '@/uploads/image-sizes.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A stored original as the server keeps one: a WebP with some detail, `width` × 3/4 of it. */
const original = (width: number) =>
  sharp({
    create: {
      width,
      height: Math.round((width * 3) / 4),
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .webp({ quality: 82 })
    .toBuffer();

let s3: FakeS3;
const folders: string[] = [];
const closers: Array<() => void> = [];
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  for (const close of closers) close();
  await s3.stop();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-sizes-'));
  folders.push(dir);
  return dir;
};

const storages = bothStorages(() => s3, tempDir, closers);

const quiet = { warn: () => {} };

describe.each(storages)('image sizes on $name', ({ make }) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });
  const productKey = () => `public/products/${randomUUID()}/${randomUUID()}.webp`;

  it('the job makes every width in WebP and AVIF, each its width wide in its own format, and is idempotent', async () => {
    const key = productKey();
    await storage.putBuffer(key, await original(1600));
    const sizes = imageSizes({ storage, log: quiet });
    await sizes.makeAll(key);

    expect(sizedKeysOf(key)).toHaveLength(IMAGE_WIDTHS.length * IMAGE_FORMATS.length);
    const written = new Map<string, number>();
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) {
        const sizedKey = `${key.slice(0, -5)}.w${width}.${format}`;
        const found = await storage.read(sizedKey);
        expect(found, sizedKey).not.toBeNull();
        const data = await readAll(found?.stream as Readable);
        const meta = await sharp(data).metadata();
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 3) / 4));
        // sharp names AVIF's container "heif".
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect(data.length).toBe(found?.size);
        written.set(sizedKey, data.length);
      }
    }
    // Smaller widths are smaller files.
    expect(written.get(`${key.slice(0, -5)}.w160.webp`)).toBeLessThan(
      written.get(`${key.slice(0, -5)}.w1080.webp`) ?? 0,
    );

    // A second run (a retried job) leaves what is there and makes only what is missing.
    const kept = `${key.slice(0, -5)}.w320.avif`;
    const gone = `${key.slice(0, -5)}.w640.webp`;
    await storage.putBuffer(kept, Buffer.from('already made'));
    await storage.delete([gone]);
    await sizes.makeAll(key);
    expect((await readAll((await storage.read(kept))?.stream as Readable)).toString()).toBe('already made');
    const remade = await readAll((await storage.read(gone))?.stream as Readable);
    expect((await sharp(remade).metadata()).width).toBe(640);
  });

  it('never enlarges: a width above the original is the original width', async () => {
    const key = productKey();
    await storage.putBuffer(key, await original(400));
    const sizes = imageSizes({ storage, log: quiet });
    const big = await sizes.open(key, 1080, 'webp');
    const meta = await sharp(await readAll(big?.stream as Readable)).metadata();
    expect(meta.width).toBe(400);
  });

  it('a first request makes only the size asked for, keeps it, and the next request reads it back', async () => {
    const key = productKey();
    await storage.putBuffer(key, await original(1200));
    const sizes = imageSizes({ storage, log: quiet });
    const first = await sizes.open(key, 320, 'avif');
    expect(first?.contentType).toBe('image/avif');
    const firstBytes = await readAll(first?.stream as Readable);
    expect((await sharp(firstBytes).metadata()).width).toBe(320);

    const stored = await Promise.all(sizedKeysOf(key).map((k) => storage.exists(k)));
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(await storage.exists(`${key.slice(0, -5)}.w320.avif`)).toBe(true);

    // Made once, even when asked for twice at the same moment.
    const [a, b] = await Promise.all([sizes.open(key, 640, 'webp'), sizes.open(key, 640, 'webp')]);
    const [aBytes, bBytes] = [await readAll(a?.stream as Readable), await readAll(b?.stream as Readable)];
    expect(aBytes.equals(bBytes)).toBe(true);
    expect(a?.contentType).toBe('image/webp');
  });

  it('answers nothing for a size of an original that is not stored, and stores nothing for it', async () => {
    const key = productKey();
    const sizes = imageSizes({ storage, log: quiet });
    expect(await sizes.open(key, 160, 'webp')).toBeNull();
    await sizes.makeAll(key);
    for (const k of sizedKeysOf(key)) expect(await storage.exists(k)).toBe(false);
  });
});

describe('which names are sizes', () => {
  const seller = randomUUID();
  const id = randomUUID();

  it('reads the original, width and format of a size of every folder that has them', () => {
    expect(splitSizedKey(`public/products/${seller}/${id}.w320.avif`)).toEqual({
      original: `public/products/${seller}/${id}.webp`,
      width: 320,
      format: 'avif',
    });
    for (const folder of ['blips', 'streams', 'avatars', 'banners', 'categories']) {
      expect(splitSizedKey(`public/${folder}/${seller}/${id}.w1080.webp`)?.original).toBe(
        `public/${folder}/${seller}/${id}.webp`,
      );
    }
    expect(splitSizedKey(`public/avatars/${seller}/${id}-512.w160.webp`)?.original).toBe(
      `public/avatars/${seller}/${id}-512.webp`,
    );
  });

  it('refuses widths not served, other formats, other folders and any climb out of the folder', () => {
    for (const key of [
      `public/products/${seller}/${id}.w333.webp`,
      `public/products/${seller}/${id}.w0320.webp`,
      `public/products/${seller}/${id}.w320.png`,
      `public/products/${seller}/${id}.w320.jpg`,
      `documents/${seller}/${id}.w320.webp`,
      `public/returns/${seller}/${id}.w320.webp`,
      `public/products/${seller}/../../documents/${seller}/x.w320.webp`,
      `public/products/${seller}/${id}.webp`,
    ]) {
      expect(splitSizedKey(key), key).toBeNull();
    }
    expect(sizedKeysOf(`public/blips/${seller}/${id}.mp4`)).toEqual([]);
    expect(sizedKeysOf(`documents/${seller}/${id}.webp`)).toEqual([]);
  });
});
