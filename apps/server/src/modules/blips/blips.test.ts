// A seller's blips: upload and its checks, the media route, deleting. Lists: blip-lists.test.ts;
// comments: blip-comments.test.ts; the buyers' side: buyer-blips.test.ts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { MAX_BLIP_VIDEO_BYTES } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blipComments, blips, subCategories } from '@/db/schema/index.ts';
import { type FileStorage, localDiskStorage } from '@/storage/file-storage.ts';
import { blipCalls, video, videoFixture } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

// --- Synthetic containers: only the bytes the checks read, to test lengths without long files. ---
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...body: Buffer[]) => {
  const content = Buffer.concat(body);
  return Buffer.concat([u32(content.length + 8), Buffer.from(type, 'latin1'), content]);
};
/** An ISO BMFF file (MP4 with brand isom, or QuickTime with brand "qt  ") whose movie header says `seconds`. */
const isoVideo = (brand: string, seconds: number) => {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  return Buffer.concat([
    box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), Buffer.from(brand, 'latin1')),
    box('moov', box('mvhd', mvhd)),
  ]);
};
const ebml = (id: number[], body: Buffer) => {
  // Sizes below 127 fit one byte with its length marker.
  if (body.length > 126) throw new Error('element too large for this helper');
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
};
/** A WebM with only a header: its duration (when given) and no frames. */
const webmHeaderOnly = (durationMs: number | null) => {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([ebml([0x42, 0x82], Buffer.from('webm')), ebml([0x42, 0x87], Buffer.from([4]))]),
  );
  const scale = ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]));
  const duration = Buffer.alloc(4);
  duration.writeFloatBE(durationMs ?? 0);
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    durationMs === null ? scale : Buffer.concat([scale, ebml([0x44, 0x89], duration)]),
  );
  // A live recording's segment of unknown size.
  const segment = Buffer.concat([
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    info,
  ]);
  return Buffer.concat([header, segment]);
};

let t: TestApp;
let webm: Buffer;
let mp4: Buffer;
let poster: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  webm = await videoFixture('blip.webm');
  mp4 = await videoFixture('blip.mp4');
  poster = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone' } })
    .toBuffer();
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;
const { product, upload, uploadTo, uploadOk, get, blipFiles, addBuyerComment } = blipCalls(() => t);

describe('POST /api/products/:productId/blips', () => {
  let a: Seller;
  let productId: string;
  beforeAll(async () => {
    a = await sellerWithToken(t, { storeName: "Amaka's Closet" });
    productId = (await product(a.auth))._id;
  });

  it('stores a browser-recorded WebM with a poster and a caption, and answers the blip', async () => {
    const res = await upload(
      productId,
      [
        video(webm),
        { field: 'poster', filename: 'frame.jpg', content: poster },
        { field: 'caption', value: '  New in: Ankara maxi, all sizes  ' },
      ],
      a.auth,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Blip uploaded successfully');
    expect(body.blip).toMatchObject({
      productId,
      sellerId: a.seller.id,
      product: { _id: productId, name: 'Ankara Maxi Dress', price: 15000, image: null },
      caption: 'New in: Ankara maxi, all sizes',
      likesCount: 0,
      viewsCount: 0,
      commentsCount: 0,
    });
    // MediaRecorder writes no duration; it is read from the frames' timestamps (a 4 s recording).
    expect(body.blip.durationSeconds).toBeGreaterThan(3.5);
    expect(body.blip.durationSeconds).toBeLessThanOrEqual(4.2);
    expect(body.blip.videoUrl).toMatch(new RegExp(`^/api/media/blips/${a.seller.id}/[0-9a-f-]{36}\\.webm$`));
    expect(body.blip.posterUrl).toMatch(new RegExp(`^/api/media/blips/${a.seller.id}/[0-9a-f-]{36}\\.webp$`));

    const served = await get(body.blip.posterUrl);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 720, height: 1280 });
    expect(meta.exif).toBeUndefined();
  });

  it('accepts an MP4 and a QuickTime MOV, judged by content, and serves each with its type', async () => {
    const fromMp4 = await uploadOk(a.auth, productId, [video(mp4, 'clip.bin')]);
    expect(fromMp4.videoUrl).toMatch(/\.mp4$/);
    expect((await get(fromMp4.videoUrl)).headers['content-type']).toBe('video/mp4');
    expect(fromMp4.posterUrl).toBeNull();

    const mov = await upload(productId, [video(isoVideo('qt  ', 5), 'IMG_0042.MOV')], a.auth);
    expect(mov.statusCode, mov.body).toBe(201);
    expect(mov.json().blip.durationSeconds).toBe(5);
    expect((await get(mov.json().blip.videoUrl)).headers['content-type']).toBe('video/quicktime');
  });

  it('refuses a video over 60 seconds with 400 and keeps no file and no record', async () => {
    const before = await t.db.select().from(blips);
    for (const [content, name] of [
      [isoVideo('isom', 75), 'long.mp4'],
      [webmHeaderOnly(70_000), 'long.webm'],
    ] as const) {
      const res = await upload(productId, [video(content, name)], a.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        /^video: the video is (75|70) seconds long; a blip can be at most 60 seconds$/,
      );
    }
    expect(await t.db.select().from(blips)).toHaveLength(before.length);
    expect(await fs.readdir(t.storage.scratchDir)).toEqual([]);
  });

  it('refuses a video whose length cannot be read with a clear 400', async () => {
    const res = await upload(productId, [video(webmHeaderOnly(null))], a.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("could not read the video's length");
  });

  it('refuses a file that is not a video by content with 415, whatever its name', async () => {
    const res = await upload(productId, [video(poster, 'clip.mp4')], a.auth);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('video must be an MP4, WebM or MOV video');
  });

  it('refuses a poster that is not an image with 415 and stores nothing', async () => {
    const files = await blipFiles();
    const res = await upload(
      productId,
      [video(webm), { field: 'poster', filename: 'p.jpg', content: Buffer.from('not an image') }],
      a.auth,
    );
    expect(res.statusCode).toBe(415);
    expect(await blipFiles()).toEqual(files);
  });

  it('refuses a video over 50 MB with 413', async () => {
    const big = Buffer.concat([webm, Buffer.alloc(MAX_BLIP_VIDEO_BYTES + 1 - webm.length)]);
    const res = await upload(productId, [video(big)], a.auth);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('video is too large: a video can be at most 50 MB');
    expect(await fs.readdir(t.storage.scratchDir)).toEqual([]);
  });

  it('answers 400 naming the field for a missing video, a long caption or an unknown field', async () => {
    const none = await upload(productId, [{ field: 'caption', value: 'hello' }], a.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('video is required');
    const long = await upload(productId, [video(webm), { field: 'caption', value: 'x'.repeat(301) }], a.auth);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('caption must be at most 300 characters');
    const other = await upload(productId, [{ field: 'clip', filename: 'a.webm', content: webm }], a.auth);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('clip');
  });

  it("answers 404 for another seller's product or an unknown one, and 401 without a token", async () => {
    const b = await sellerWithToken(t);
    expect((await upload(productId, [video(webm)], b.auth)).statusCode).toBe(404);
    expect((await upload(randomUUID(), [video(webm)], a.auth)).statusCode).toBe(404);
    expect((await upload(productId, [video(webm)])).statusCode).toBe(401);
  });

  it('removes the stored video when a later step fails, so no file is left without its blip', async () => {
    // Storage that fails to write posters: the video is already stored by then.
    const dir = await fs.mkdtemp('/tmp/kasuwa-blips-failing-');
    const real = await localDiskStorage(dir);
    const failing: FileStorage = {
      ...real,
      scratchDir: real.scratchDir,
      putBuffer: async (key, data) => {
        if (key.startsWith('public/blips/')) throw new Error('disk full');
        return real.putBuffer(key, data);
      },
    };
    const other = await buildTestApp({ storage: failing });
    try {
      const s = await sellerWithToken(other);
      const [sub] = await other.db.select().from(subCategories).limit(1);
      const created = await other.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: s.auth,
        payload: { name: 'Gele', categoryId: sub?.categoryId, subCategoryId: sub?.id, price: 4000 },
      });
      const res = await uploadTo(
        other,
        created.json().product._id,
        [video(webm), { field: 'poster', filename: 'p.jpg', content: poster }],
        s.auth,
      );
      expect(res.statusCode).toBe(500);
      expect(await other.db.select().from(blips)).toEqual([]);
      expect(await blipFiles(failing)).toEqual([]);
    } finally {
      await other.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/media/blips/*', () => {
  let url: string;
  beforeAll(async () => {
    const a = await sellerWithToken(t);
    url = (await uploadOk(a.auth, (await product(a.auth))._id)).videoUrl;
  });

  it('serves the whole video with its type, nosniff, byte ranges announced and a long cache', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/webm',
      'content-length': String(webm.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.rawPayload.equals(webm)).toBe(true);
  });

  it('answers a byte range with 206 and exactly those bytes, as a seeking player asks', async () => {
    const res = await get(url, { range: 'bytes=1000-1999' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-1999/${webm.length}`);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.rawPayload.equals(webm.subarray(1000, 2000))).toBe(true);

    const open = await get(url, { range: `bytes=${webm.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(webm.subarray(webm.length - 10))).toBe(true);
    const suffix = await get(url, { range: 'bytes=-500' });
    expect(suffix.headers['content-range']).toBe(
      `bytes ${webm.length - 500}-${webm.length - 1}/${webm.length}`,
    );
    expect(suffix.rawPayload.equals(webm.subarray(webm.length - 500))).toBe(true);
    const past = await get(url, { range: 'bytes=0-99999999' });
    expect(past.statusCode).toBe(206);
    expect(past.rawPayload.equals(webm)).toBe(true);
  });

  it('answers 416 for a range past the end, and the whole file for a range it does not handle', async () => {
    const res = await get(url, { range: `bytes=${webm.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${webm.length}`);
    const many = await get(url, { range: 'bytes=0-10,20-30' });
    expect(many.statusCode).toBe(200);
    expect(many.rawPayload.length).toBe(webm.length);
  });

  it('answers 404 for a file that does not exist or a path that is not a blip file', async () => {
    for (const path of [`${randomUUID()}/${randomUUID()}.webm`, '../avatars/x.webp', 'a/b.webm']) {
      expect((await get(`/api/media/blips/${path}`)).statusCode).toBe(404);
    }
  });
});

describe('deleting', () => {
  it('removes the blip, its comments and its files for the owner; another seller gets 404', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const p = await product(a.auth);
    const blip = await uploadOk(a.auth, p._id, [
      video(webm),
      { field: 'poster', filename: 'p.jpg', content: poster },
    ]);
    await addBuyerComment(blip._id, 'Ada', 'Lovely');
    const del = (auth: Auth) =>
      t.app.inject({ method: 'DELETE', url: `/api/products/${p._id}/blips/${blip._id}`, headers: auth });

    expect((await del(b.auth)).statusCode).toBe(404);
    expect((await get(blip.videoUrl)).statusCode).toBe(200);

    const res = await del(a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Blip deleted successfully', deletedBlip: { id: blip._id } });
    expect((await get(blip.videoUrl)).statusCode).toBe(404);
    expect((await get(blip.posterUrl ?? '')).statusCode).toBe(404);
    expect(await t.db.select().from(blipComments).where(eq(blipComments.blipId, blip._id))).toEqual([]);
    expect((await del(a.auth)).statusCode).toBe(404);
  });

  it("deleting a product removes its blips' files too", async () => {
    const a = await sellerWithToken(t);
    const p = await product(a.auth);
    const blip = await uploadOk(a.auth, p._id, [
      video(webm),
      { field: 'poster', filename: 'p.jpg', content: poster },
    ]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${p._id}`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect((await get(blip.videoUrl)).statusCode).toBe(404);
    expect((await get(blip.posterUrl ?? '')).statusCode).toBe(404);
    expect(await t.db.select().from(blips).where(eq(blips.id, blip._id))).toEqual([]);
  });
});
