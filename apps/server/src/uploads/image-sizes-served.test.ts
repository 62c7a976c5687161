// Sizes as browsers get them (issue 20): queued at upload and made by the job, served beside a blip's
// poster, a show's cover, an avatar and a category picture under their originals' rules, and removed
// with the original. Product photos' access rules: products/product-photo-access.test.ts.
import { IMAGE_FORMATS, IMAGE_WIDTHS, sizedImagePath } from '@kasuwa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blipCalls, video, videoFixture } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { keyOf, uploadCover, uploadPhoto } from '@/test/upload-sweep.ts';
import { MAKE_IMAGE_SIZES_TASK } from '@/uploads/image-sizes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const { product, uploadOk, get } = blipCalls(() => t);
const sizedUrl = (url: string, width: number, format: 'webp' | 'avif') =>
  url.replace(/\.webp$/, `.w${width}.${format}`);
const allSizeKeys = (url: string) =>
  IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => sizedImagePath(keyOf(url), w, f)));
const stored = (keys: string[]) => Promise.all(keys.map((k) => t.storage.exists(k)));

/** A poster as a phone grabs one: a tall frame. */
const posterJpeg = () =>
  sharp({ create: { width: 720, height: 1280, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer();

describe('the sizes job', () => {
  it('is queued when a photo is uploaded, and run through the queue stores every size', async () => {
    const a = await sellerWithToken(t, { hasFilledAddress: true });
    const url = await uploadPhoto(t, a.auth);
    const queued = (await t.jobs.list()).filter((j) => j.task === MAKE_IMAGE_SIZES_TASK);
    expect(queued.map((j) => j.payload)).toContainEqual({ key: keyOf(url) });
    expect((await stored(allSizeKeys(url))).some(Boolean)).toBe(false);

    await t.jobs.runDue();
    expect(await stored(allSizeKeys(url))).toEqual(allSizeKeys(url).map(() => true));
    expect((await t.jobs.list()).filter((j) => j.task === MAKE_IMAGE_SIZES_TASK)).toEqual([]);
  });
});

describe("a blip poster's sizes", () => {
  it("are public while the product is, only the seller's while it is a draft, and go when the blip is deleted", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const p = await product(a.auth);
    const webm = await videoFixture('blip.webm');
    const blip = await uploadOk(a.auth, p._id, [
      video(webm),
      { field: 'poster', filename: 'p.jpg', content: await posterJpeg() },
    ]);
    const poster = blip.posterUrl ?? '';
    const small = await get(sizedUrl(poster, 320, 'avif'));
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/avif');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    // A video has no sizes.
    expect((await get(blip.videoUrl.replace(/\.webm$/, '.w320.webp'))).statusCode).toBe(404);

    const draft = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p._id}`,
      headers: a.auth,
      payload: { status: 'draft' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await get(sizedUrl(poster, 320, 'avif'))).statusCode).toBe(404);
    expect((await get(sizedUrl(poster, 320, 'avif'), b.auth)).statusCode).toBe(404);
    const own = await get(sizedUrl(poster, 640, 'webp'), a.auth);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    await t.jobs.runDue();
    expect((await stored(allSizeKeys(poster))).every(Boolean)).toBe(true);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${p._id}/blips/${blip._id}`,
      headers: a.auth,
    });
    expect(del.statusCode).toBe(200);
    expect((await stored(allSizeKeys(poster))).some(Boolean)).toBe(false);
  });
});

describe("a show cover's sizes", () => {
  it('are served in each width and format; a width not offered is 404', async () => {
    const a = await sellerWithToken(t, { hasFilledAddress: true });
    const cover = await uploadCover(t, a.auth);
    const res = await get(sizedUrl(cover, 160, 'webp'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await get(sizedUrl(cover, 1080, 'avif'))).headers['content-type']).toBe('image/avif');
    expect((await get(cover.replace(/\.webp$/, '.w200.webp'))).statusCode).toBe(404);
    expect((await get(cover.replace(/\.webp$/, '.w160.gif'))).statusCode).toBe(404);
  });
});

describe("an avatar's and a category picture's sizes", () => {
  it("are served from the avatar the seller record links, and a new avatar removes the old one's sizes", async () => {
    const a = await sellerWithToken(t);
    const uploadAvatar = async (colour: string) => {
      const form = multipartForm([
        {
          field: 'avatar',
          filename: 'profile-image.jpg',
          content: await sharp({ create: { width: 900, height: 900, channels: 3, background: colour } })
            .jpeg()
            .toBuffer(),
        },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/seller/profile/avatar',
        payload: form.payload,
        headers: { ...form.headers, ...a.auth },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().url as string;
    };
    const first = await uploadAvatar('#12833f');
    const small = await get(sizedUrl(first, 160, 'webp'));
    expect(small.statusCode).toBe(200);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 160, height: 160 });
    // Never enlarged: the avatar is 512 px square.
    const big = await get(sizedUrl(first, 1080, 'avif'));
    expect((await sharp(big.rawPayload).metadata()).width).toBe(512);

    await t.jobs.runDue();
    expect((await stored(allSizeKeys(first))).every(Boolean)).toBe(true);
    await uploadAvatar('#f97316');
    expect((await stored(allSizeKeys(first))).some(Boolean)).toBe(false);
    expect((await get(sizedUrl(first, 160, 'webp'))).statusCode).toBe(404);
  });

  it('serves a category picture in sizes, and 404 (never a 500) for any name that is not a stored image', async () => {
    const res = await get('/api/media/categories/fashion.w160.avif');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    for (const bad of [
      '/api/media/categories/fashion.w161.avif',
      '/api/media/categories/..%2Fproducts%2Fx.w160.webp',
      '/api/media/documents/x.w160.webp',
      // Names no storage key can have: an empty folder name, one starting with - or _.
      '/api/media/avatars//x.webp',
      '/api/media/avatars/-x.webp',
      '/api/media/avatars/-x.w160.webp',
      '/api/media/categories/_a.w160.webp',
      '/api/media/streams/a//b.w160.webp',
      '/api/media/blips/a/-b.w160.webp',
    ]) {
      const answer = await get(bad);
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.json().message, bad).toMatch(/not found$/);
    }
  });
});
