import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_IMAGE_FIELD, STREAM_COVER_IMAGE_FIELD } from '@kasuwa/contracts';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '@/app.ts';
import { MEDIA_COOKIE, mediaAccess } from '@/lib/media-access.ts';
import { type FileStorage, localDiskStorage } from '@/storage/file-storage.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { someCategory } from '@/test/live.ts';
import { multipartForm } from '@/test/multipart.ts';

/** The upload sweeper's tests: apps on a folder they can age, uploads, products and what is served. */
export const HOUR = 3_600_000;
/** The sweeper's grace period in these tests: an upload younger than this is never removed. */
export const GRACE_MS = 24 * HOUR;

export type Auth = { authorization: string };

/**
 * A test app whose uploads are real files in a folder this test knows, so it can age them;
 * `wrap` puts something between the app and that storage.
 */
export async function appOnDisk({
  wrap = (storage) => storage,
  uploadSweep,
  ...over
}: Parameters<typeof buildTestApp>[0] & { wrap?: (storage: FileStorage) => FileStorage } = {}) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-sweep-'));
  const t = await buildTestApp({
    storage: wrap(await localDiskStorage(root)),
    uploadSweep: { timers: 'manual', graceMs: GRACE_MS, batchSize: 3, ...uploadSweep },
    ...over,
  });
  // File times are the machine's; the sweeper reads the (fake) clock: start both together.
  t.clock.set(new Date());
  /** Makes the stored file look `hours` old, as it would after sitting that long. */
  const age = async (urlOrKey: string, hours = 25) => {
    const key = urlOrKey.startsWith('/api/') ? keyOf(urlOrKey) : urlOrKey;
    const then = new Date(t.clock.now().getTime() - hours * HOUR);
    await utimes(path.join(root, key), then, then);
  };
  return {
    t,
    age,
    close: async () => {
      await t.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The storage key of a media URL. */
export const keyOf = (url: string) => `public/${url.slice('/api/media/'.length)}`;

export const photo = (r = 200) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

async function upload(app: App, url: string, field: string, auth: Auth): Promise<string> {
  const form = multipartForm([{ field, filename: 'photo.jpg', content: await photo(), type: 'image/jpeg' }]);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...auth },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return (body.image?.url ?? body.media?.url) as string;
}
export const uploadPhoto = (t: TestApp, auth: Auth) =>
  upload(t.app, '/api/products/images', PRODUCT_IMAGE_FIELD, auth);
/** `n` product photos of the seller, in upload order. */
export async function photos(t: TestApp, auth: Auth, n: number) {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) urls.push(await uploadPhoto(t, auth));
  return urls as string[] & Record<0 | 1 | 2 | 3, string>;
}
export const uploadCover = (t: TestApp, auth: Auth) =>
  upload(t.app, '/api/streams/media', STREAM_COVER_IMAGE_FIELD, auth);

export async function createProduct(t: TestApp, auth: Auth, payload: Record<string, unknown>) {
  const { categoryId, subCategoryId } = await someCategory(t);
  return t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: auth,
    payload: { name: 'Adire Shirt', categoryId, subCategoryId, price: 12_000, ...payload },
  });
}

/**
 * The status a GET of the URL answers to its uploader: 200 while the file is stored, 404 once
 * swept. A product photo or blip file no visible product carries is its seller's alone, so the
 * request carries the seller's media cookie, as the dashboard's <img> tags do.
 */
export const served = async (t: TestApp, url: string) => {
  const seller = /^\/api\/media\/(?:products|blips)\/([^/]+)\//.exec(url)?.[1];
  const cookie = seller
    ? `${MEDIA_COOKIE}=${mediaAccess(t.jwtSecret, t.clock).cookieValue(seller)}`
    : undefined;
  return (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode;
};
