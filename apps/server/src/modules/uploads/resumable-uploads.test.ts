import fs, { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subCategories } from '@/db/schema/index.ts';
import { RESUMABLE_UPLOADS_PATH } from '@/modules/uploads/resumable-uploads.ts';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { fakeS3Storage, startFakeS3 } from '@/test/fake-s3.ts';
import { PDF } from '@/test/onboarding.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { waitFor } from '@/test/wait-for.ts';
import { MAKE_IMAGE_SIZES_TASK } from '@/uploads/image-sizes.ts';

/**
 * Resumable uploads over real HTTP (the tus protocol, issue 20): a connection cut half-way leaves
 * the bytes that arrived, HEAD says how many, and PATCH sends only the rest.
 */
let t: TestApp;
let base: string;
type Auth = { authorization: string };
let a: { seller: { id: string }; auth: Auth };
let b: { seller: { id: string }; auth: Auth };

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  a = await sellerWithToken(t);
  b = await sellerWithToken(t);
});
afterAll(() => t?.close());

const TUS = { 'tus-resumable': '1.0.0' };
type Answer = {
  message: string;
  image: { url: string };
  media: { url: string; kind: string; durationSeconds: number | null };
};
const json = (res: Response) => res.json() as Promise<Answer>;
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A large noisy photo (hard to compress), as a phone camera takes it: ~1–2 MB of JPEG. */
const cameraPhoto = async () => {
  const width = 1200;
  const height = 900;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
};

async function create(auth: Auth, size: number, kind = 'product-photo', at = base) {
  const res = await fetch(`${at}${RESUMABLE_UPLOADS_PATH}`, {
    method: 'POST',
    headers: { ...TUS, ...auth, 'upload-length': String(size), 'upload-metadata': `kind ${b64(kind)}` },
  });
  return res;
}

async function createOk(auth: Auth, size: number, kind = 'product-photo', at = base): Promise<string> {
  const res = await create(auth, size, kind, at);
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(new RegExp(`^${RESUMABLE_UPLOADS_PATH}/`));
  return `${at}${location}`;
}

const head = (url: string, auth: Auth) => fetch(url, { method: 'HEAD', headers: { ...TUS, ...auth } });
const offsetOf = async (url: string, auth: Auth) =>
  Number((await head(url, auth)).headers.get('upload-offset'));

/** The offset once it has settled above zero (the server is still writing what arrived before a cut). */
async function settledOffset(url: string, auth: Auth): Promise<number> {
  let offset = -1;
  await waitFor(
    async () => {
      const now = await offsetOf(url, auth);
      const settled = now > 0 && now === offset;
      offset = now;
      return settled;
    },
    10_000,
    250,
  );
  return offset;
}

const patch = (url: string, auth: Auth, offset: number, bytes: Buffer) =>
  fetch(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...auth,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });

/**
 * A PATCH whose connection is cut after `sent` of the `rest` bytes: announced whole (Content-Length),
 * then the socket closes, as when a phone loses its signal.
 */
function cutPatch(url: string, auth: Auth, offset: number, rest: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(rest.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(rest.subarray(0, sent), () => {
      setTimeout(() => req.destroy(), 200);
    });
  });
}

describe('resumable photo uploads (tus)', () => {
  it('keeps the bytes of a cut connection, says where it stands, and takes the rest from there', async () => {
    const photo = await cameraPhoto();
    expect(photo.length).toBeGreaterThan(500_000);
    const url = await createOk(a.auth, photo.length);
    expect(await offsetOf(url, a.auth)).toBe(0);
    // Same origin only, like the rest of the API.
    expect((await head(url, a.auth)).headers.get('access-control-allow-origin')).toBeNull();

    const half = Math.floor(photo.length / 2);
    await cutPatch(url, a.auth, 0, photo, half);
    // What arrived before the cut is kept: the offset settles above zero, at most at the cut.
    const offset = await settledOffset(url, a.auth);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    const where = await head(url, a.auth);
    expect(where.headers.get('upload-length')).toBe(String(photo.length));

    // Sending from zero again is refused: the server has the first half already.
    const fromZero = await patch(url, a.auth, 0, photo);
    expect(fromZero.status).toBe(409);
    expect((await json(fromZero)).message).toEqual(expect.any(String));

    const rest = await patch(url, a.auth, offset, photo.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(200);
    expect(rest.headers.get('upload-offset')).toBe(String(photo.length));
    const answer = await json(rest);
    // The multipart route's answer, word for word.
    expect(answer.message).toBe('Image uploaded successfully');
    expect(answer.image.url).toMatch(new RegExp(`^/api/media/products/${a.seller.id}/[0-9a-f-]{36}\\.webp$`));

    // In storage, re-encoded: WebP within 1600 px, the camera's EXIF (GPS) gone.
    const served = await fetch(`${base}${answer.image.url}`, { headers: a.auth });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();
    // Its sizes were queued, as for a multipart upload.
    const key = answer.image.url.replace('/api/media/', 'public/');
    const queued = (await t.jobs.list()).filter((job) => job.task === MAKE_IMAGE_SIZES_TASK);
    expect(queued.map((job) => job.payload.key)).toContain(key);

    // A client whose final answer was lost asks again and gets the same photo, not a second one.
    const again = await fetch(url, { headers: { ...TUS, ...a.auth } });
    expect(again.status).toBe(200);
    expect((await json(again)).image.url).toBe(answer.image.url);

    // The product form takes the URL as it takes a multipart upload's.
    const [sub] = await t.db.select().from(subCategories).limit(1);
    const product = await fetch(`${base}/api/products`, {
      method: 'POST',
      headers: { ...a.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ankara Tote Bag',
        categoryId: sub?.categoryId,
        subCategoryId: sub?.id,
        price: 8500,
        images: [answer.image.url],
      }),
    });
    expect(product.status, await product.clone().text()).toBe(201);
  });

  it('stores a live show cover through the cover pipeline', async () => {
    const photo = await cameraPhoto();
    const url = await createOk(a.auth, photo.length, 'stream-cover');
    const res = await patch(url, a.auth, 0, photo);
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.message).toBe('Cover image uploaded successfully');
    expect(answer.media).toMatchObject({ kind: 'image', durationSeconds: null });
    expect(answer.media.url).toMatch(new RegExp(`^/api/media/streams/${a.seller.id}/[0-9a-f-]{36}\\.webp$`));
  });

  it("never lets another seller see, resume, finish or remove a seller's upload", async () => {
    const photo = await cameraPhoto();
    const url = await createOk(a.auth, photo.length);
    await patch(url, a.auth, 0, photo.subarray(0, 1000));

    expect((await head(url, b.auth)).status).toBe(404);
    for (const res of [
      await patch(url, b.auth, 1000, photo.subarray(1000)),
      await fetch(url, { headers: { ...TUS, ...b.auth } }),
      await fetch(url, { method: 'DELETE', headers: { ...TUS, ...b.auth } }),
    ]) {
      expect(res.status).toBe(404);
      // The same answer as an upload that does not exist: nothing tells B that A's does.
      expect((await json(res)).message).toBe('Upload not found');
    }
    // Untouched: A still stands at 1000 bytes and finishes it.
    expect(await offsetOf(url, a.auth)).toBe(1000);
    const rest = await patch(url, a.auth, 1000, photo.subarray(1000));
    expect(rest.status).toBe(200);
    expect((await json(rest)).image.url).toContain(`/api/media/products/${a.seller.id}/`);

    // Without a token: 401, as every seller route.
    const anonymous = await fetch(`${base}${RESUMABLE_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': `kind ${b64('product-photo')}` },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses what is not a photo, too large, or of no known kind, with a JSON message', async () => {
    const url = await createOk(a.auth, PDF.length);
    const pdf = await patch(url, a.auth, 0, PDF);
    expect(pdf.status).toBe(415);
    expect(pdf.headers.get('content-type')).toContain('application/json');
    expect((await json(pdf)).message).toMatch(
      /^image must be an image \(JPG, PNG, WebP, GIF, AVIF or TIFF\)/,
    );
    // Refused for good: its bytes are gone at once, and nothing was stored.
    expect((await head(url, a.auth)).status).toBe(404);
    const dir = t.app.resumableUploads.directory;
    expect(await fs.readdir(dir)).not.toContain(url.split('/').pop());
    const again = await fetch(url, { headers: { ...TUS, ...a.auth } });
    expect(again.status).toBe(404);

    const huge = await create(a.auth, 10 * 1024 * 1024 + 1);
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toContain('application/json');
    expect((await json(huge)).message).toBe('image is too large: a product image can be at most 10 MB');

    const unknown = await create(a.auth, 100, 'blip-video');
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toBe(
      'Upload-Metadata must name the kind of upload: product-photo or stream-cover',
    );

    const noProtocol = await fetch(`${base}${RESUMABLE_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { ...a.auth, 'upload-length': '10' },
    });
    expect(noProtocol.status).toBe(412);
    expect((await json(noProtocol)).message).toBe('Tus-Resumable Required');

    // More bytes than announced.
    const small = await createOk(a.auth, 10);
    const over = await patch(small, a.auth, 0, Buffer.alloc(20));
    expect(over.status).toBe(413);
    expect((await json(over)).message).toEqual(expect.any(String));
  });

  it('removes partial uploads left longer than a day, and not younger ones', async () => {
    const photo = await cameraPhoto();
    const old = await createOk(a.auth, photo.length);
    await patch(old, a.auth, 0, photo.subarray(0, 5000));
    t.clock.advance(23 * 60 * 60 * 1000);
    const young = await createOk(a.auth, photo.length);
    await patch(young, a.auth, 0, photo.subarray(0, 5000));
    const idOf = (url: string) => url.split('/').pop() ?? '';
    const dir = t.app.resumableUploads.directory;
    expect(await fs.stat(path.join(dir, idOf(old)))).toMatchObject({ size: 5000 });

    t.clock.advance(2 * 60 * 60 * 1000);
    await t.jobs.runDue();

    await expect(fs.stat(path.join(dir, idOf(old)))).rejects.toThrow();
    await expect(fs.stat(path.join(dir, `${idOf(old)}.json`))).rejects.toThrow();
    expect((await head(old, a.auth)).status).toBe(404);
    expect(await offsetOf(young, a.auth)).toBe(5000);
  });
});

describe('resumable uploads on two nodes, files in S3', () => {
  it('resumes on the other node from the bytes the first one received, and the photo lands in the bucket', async () => {
    const s3 = await startFakeS3();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-tus-nodes-'));
    const storage = await fakeS3Storage(s3, path.join(dir, 'scratch'));
    // One folder both nodes reach (RESUMABLE_UPLOADS_DIR on a shared volume).
    const resumableUploads = { directory: path.join(dir, 'partials') };
    const one = await buildTestApp({ storage, resumableUploads });
    const two = await buildAppOnSameDatabase(one, { storage, resumableUploads });
    try {
      await one.app.listen({ port: 0, host: '127.0.0.1' });
      await two.listen({ port: 0, host: '127.0.0.1' });
      const at = (app: typeof two) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const seller = await sellerWithToken(one);
      const photo = await cameraPhoto();

      const url = await createOk(seller.auth, photo.length, 'product-photo', at(one.app));
      const half = Math.floor(photo.length / 2);
      await cutPatch(url, seller.auth, 0, photo, half);
      const onTwo = url.replace(at(one.app), at(two));
      const offset = await settledOffset(onTwo, seller.auth);
      expect(offset).toBeLessThanOrEqual(half);

      const rest = await patch(onTwo, seller.auth, offset, photo.subarray(offset));
      expect(rest.status, await rest.clone().text()).toBe(200);
      const answer = await json(rest);
      const key = answer.image.url.replace('/api/media/', 'public/');
      expect(await storage.exists(key)).toBe(true);
      const served = await fetch(`${at(one.app)}${answer.image.url}`, { headers: seller.auth });
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
        format: 'webp',
        width: 1200,
      });
    } finally {
      await two.close();
      await one.close();
      storage.close();
      await s3.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
