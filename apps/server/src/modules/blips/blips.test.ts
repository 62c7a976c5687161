import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { MAX_BLIP_VIDEO_BYTES } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blipComments, blips, notifications, subCategories } from '@/db/schema/index.ts';
import { type FileStorage, localDiskStorage } from '@/storage/file-storage.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FormPart, multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const fixture = (name: string) => fs.readFile(new URL(`../../../fixtures/videos/${name}`, import.meta.url));

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
let categoryId: string;
let subCategoryId: string;
let webm: Buffer;
let mp4: Buffer;
let poster: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const [sub] = await t.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  categoryId = sub.categoryId;
  subCategoryId = sub.id;
  webm = await fixture('blip.webm');
  mp4 = await fixture('blip.mp4');
  poster = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone' } })
    .toBuffer();
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;

async function product(a: Auth, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: a,
    payload: { name: 'Ankara Maxi Dress', categoryId, subCategoryId, price: 15000, ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { _id: string };
}

const uploadTo = (app: TestApp, productId: string, parts: FormPart[], auth?: Auth) => {
  const form = multipartForm(parts);
  return app.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/blips`,
    payload: form.payload,
    headers: { ...form.headers, ...(auth ?? {}) },
  });
};
const upload = (productId: string, parts: FormPart[], auth?: Auth) => uploadTo(t, productId, parts, auth);
const video = (content: Buffer, filename = 'clip.webm'): FormPart => ({ field: 'video', filename, content });

type BlipBody = { _id: string; videoUrl: string; posterUrl: string | null; productId: string };
async function uploadOk(a: Auth, productId: string, parts: FormPart[] = [video(webm)]) {
  const res = await upload(productId, parts, a);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().blip as BlipBody;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Every blip file in the app's storage folder, to show a failure leaves none behind. */
async function blipFiles(storage: FileStorage = t.storage): Promise<string[]> {
  const root = storage.scratchDir.replace(/\/\.incoming$/, '');
  const dir = `${root}/public/blips`;
  const files = await fs.readdir(dir, { recursive: true }).catch(() => []);
  const scratch = await fs.readdir(storage.scratchDir);
  return [...files.filter((f) => f.includes('.')), ...scratch];
}

const addBuyerComment = (blipId: string, authorName: string, text: string, token = t.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/blips/${blipId}/comments`,
    headers: { authorization: `Bearer ${token}` },
    payload: { authorName, text },
  });

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

describe('GET /api/products/seller/:sellerId/blips and blip details', () => {
  let a: Seller;
  let shown: BlipBody[];
  let hidden: BlipBody;
  let withImage: string;

  beforeAll(async () => {
    a = await sellerWithToken(t, { storeName: 'Ikeja Gadgets' });
    const imageRes = multipartForm([
      {
        field: 'image',
        filename: 'p.png',
        content: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/products/images',
      payload: imageRes.payload,
      headers: { ...imageRes.headers, ...a.auth },
    });
    withImage = uploaded.json().image.url;
    const active = await product(a.auth, { name: 'Tecno Spark 20', price: 120000, images: [withImage] });
    const draft = await product(a.auth, { name: 'Draft phone', status: 'draft' });
    shown = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60_000);
      shown.unshift(await uploadOk(a.auth, active._id));
    }
    t.clock.advance(60_000);
    hidden = await uploadOk(a.auth, draft._id);
  });

  it('lists a seller’s blips newest first with the seller card and the blips pagination', async () => {
    const res = await get(`/api/products/seller/${a.seller.id}/blips?limit=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.seller).toEqual({ _id: a.seller.id, storeName: 'Ikeja Gadgets', storeAvatar: { url: null } });
    expect(body.blips.map((b: BlipBody) => b._id)).toEqual(shown.slice(0, 2).map((b) => b._id));
    expect(body).toMatchObject({ currentPage: 1, totalPages: 2, totalBlips: 3 });
    expect(body.blips[0].product).toEqual({
      _id: shown[0]?.productId,
      name: 'Tecno Spark 20',
      price: 120000,
      image: withImage,
    });
    const page2 = (await get(`/api/products/seller/${a.seller.id}/blips?limit=2&page=2`)).json();
    expect(page2.blips.map((b: BlipBody) => b._id)).toEqual([shown[2]?._id]);
    const past = (await get(`/api/products/seller/${a.seller.id}/blips?page=3`)).json();
    expect(past).toMatchObject({ blips: [], currentPage: 3, totalPages: 1, totalBlips: 3 });
  });

  it('shows blips of a draft product to its owner only', async () => {
    const b = await sellerWithToken(t);
    const asOther = (await get(`/api/products/seller/${a.seller.id}/blips`, b.auth)).json();
    expect(asOther.blips.map((x: BlipBody) => x._id)).not.toContain(hidden._id);
    const asOwner = (await get(`/api/products/seller/${a.seller.id}/blips`, a.auth)).json();
    expect(asOwner.totalBlips).toBe(4);
    expect(asOwner.blips[0]._id).toBe(hidden._id);
    const details = `/api/products/${hidden.productId}/blips/${hidden._id}`;
    expect((await get(details)).statusCode).toBe(404);
    expect((await get(details, b.auth)).statusCode).toBe(404);
    expect((await get(details, a.auth)).statusCode).toBe(200);
  });

  it('answers one blip with its counts, and 404 when the product in the path is not its product', async () => {
    const blip = shown[0];
    if (!blip) throw new Error('no blip');
    const res = await get(`/api/products/${blip.productId}/blips/${blip._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().blip).toMatchObject({ _id: blip._id, likesCount: 0, viewsCount: 0, commentsCount: 0 });
    expect((await get(`/api/products/${hidden.productId}/blips/${blip._id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${blip.productId}/blips/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${blip.productId}/blips/not-an-id`)).statusCode).toBe(400);
  });

  it.each([
    ['a non-numeric page', '?page=two', 'page'],
    ['limit 101', '?limit=101', 'limit'],
    ['an unknown parameter', '?sort=new', 'sort'],
  ])('answers 400 naming the field for %s', async (_label, query, field) => {
    const res = await get(`/api/products/seller/${a.seller.id}/blips${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('answers 404 for an unknown seller', async () => {
    expect((await get(`/api/products/seller/${randomUUID()}/blips`)).statusCode).toBe(404);
  });
});

describe('comments and replies', () => {
  let a: Seller;
  let blip: BlipBody;
  const commentsUrl = (query = '') => `/api/products/${blip.productId}/blips/${blip._id}/comments${query}`;
  const reply = (commentId: string, comment: unknown, auth?: Auth, b: BlipBody = blip) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${b.productId}/blips/${b._id}/comments/${commentId}/replies`,
      headers: auth ?? {},
      payload: { comment } as object,
    });

  beforeAll(async () => {
    a = await sellerWithToken(t, { storeName: 'Adire Hub' });
    blip = await uploadOk(a.auth, (await product(a.auth))._id);
  });

  it('adds a buyer comment through the admin channel and notifies the seller', async () => {
    const res = await addBuyerComment(blip._id, 'Chioma Eze', 'Is this available in red?');
    expect(res.statusCode).toBe(201);
    expect(res.json().comment).toMatchObject({
      text: 'Is this available in red?',
      author: { kind: 'buyer', name: 'Chioma Eze', id: null },
      replies: [],
      repliesCount: 0,
    });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.sellerId, a.seller.id));
    expect(note).toMatchObject({
      type: 'blip_comment',
      data: { blipId: blip._id, productId: blip.productId },
    });
    expect(note?.message).toContain('Chioma Eze');
    expect((await addBuyerComment(blip._id, 'X', 'y', 'wrong-token')).statusCode).toBe(401);
    expect((await addBuyerComment(randomUUID(), 'X', 'y')).statusCode).toBe(404);
    const empty = await addBuyerComment(blip._id, 'X', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('text');
  });

  it('lets the owner reply: 201 with the reply under the comment, signed with the store name', async () => {
    t.clock.advance(60_000);
    const comment = (await addBuyerComment(blip._id, 'Emeka', 'How much for two?')).json().comment;
    t.clock.advance(60_000);
    const res = await reply(comment._id, '  ₦28,000 for two, free delivery in Lagos  ', a.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Reply added successfully',
      reply: {
        parentCommentId: comment._id,
        text: '₦28,000 for two, free delivery in Lagos',
        author: { kind: 'seller', name: 'Adire Hub', id: a.seller.id },
      },
    });
    // Replying to the reply joins the same thread.
    t.clock.advance(60_000);
    const again = await reply(res.json().reply._id, 'Send me a message to order.', a.auth);
    expect(again.statusCode).toBe(201);
    expect(again.json().reply.parentCommentId).toBe(comment._id);

    const list = (await get(commentsUrl())).json();
    const thread = list.comments.find((c: { _id: string }) => c._id === comment._id);
    expect(thread.repliesCount).toBe(2);
    expect(thread.replies.map((r: { text: string }) => r.text)).toEqual([
      '₦28,000 for two, free delivery in Lagos',
      'Send me a message to order.',
    ]);
    expect((await get(`/api/products/${blip.productId}/blips/${blip._id}`)).json().blip.commentsCount).toBe(
      4,
    );
  });

  it.each([
    ['an empty comment', '   ', 'comment cannot be empty'],
    ['a 501-character comment', 'x'.repeat(501), 'comment must be at most 500 characters'],
    ['no comment', undefined, 'comment'],
  ])('answers 400 for %s', async (_label, comment, message) => {
    const target = (await addBuyerComment(blip._id, 'Tola', 'Nice')).json().comment;
    const res = await reply(target._id, comment, a.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 to another seller, for an unknown comment and for a comment of another blip; 401 without a token', async () => {
    const b = await sellerWithToken(t);
    const target = (await addBuyerComment(blip._id, 'Tola', 'Nice')).json().comment;
    expect((await reply(target._id, 'Hi', b.auth)).statusCode).toBe(404);
    expect((await reply(randomUUID(), 'Hi', a.auth)).statusCode).toBe(404);
    const otherBlip = await uploadOk(a.auth, (await product(a.auth))._id);
    const elsewhere = (await addBuyerComment(otherBlip._id, 'Tola', 'Hello')).json().comment;
    expect((await reply(elsewhere._id, 'Hi', a.auth)).statusCode).toBe(404);
    expect((await reply(target._id, 'Hi')).statusCode).toBe(401);
    expect(await t.db.select().from(blipComments).where(eq(blipComments.authorId, b.seller.id))).toEqual([]);
  });

  it('pages top-level comments newest first with {total, pages, currentPage, hasMore}', async () => {
    const s = await sellerWithToken(t);
    const fresh = await uploadOk(s.auth, (await product(s.auth))._id);
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      await addBuyerComment(fresh._id, `Buyer ${i}`, `Comment ${i}`);
    }
    const url = (q: string) => `/api/products/${fresh.productId}/blips/${fresh._id}/comments${q}`;
    const first = (await get(url(''))).json();
    expect(first.comments).toHaveLength(10);
    expect(first.comments[0].text).toBe('Comment 12');
    expect(first.pagination).toEqual({ total: 12, pages: 2, currentPage: 1, hasMore: true });
    const second = (await get(url('?page=2'))).json();
    expect(second.comments.map((c: { text: string }) => c.text)).toEqual(['Comment 2', 'Comment 1']);
    expect(second.pagination).toEqual({ total: 12, pages: 2, currentPage: 2, hasMore: false });
    expect((await get(url('?limit=50'))).json().comments).toHaveLength(12);
    for (const q of ['?limit=51', '?limit=0', '?page=x']) {
      const res = await get(url(q));
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('shows at most 50 replies per comment, oldest first, and counts them all', async () => {
    const target = (await addBuyerComment(blip._id, 'Kemi', 'Which sizes?')).json().comment;
    const base = Date.now();
    await t.db.insert(blipComments).values(
      Array.from({ length: 55 }, (_, i) => ({
        blipId: blip._id,
        parentId: target._id,
        authorKind: 'seller' as const,
        authorId: a.seller.id,
        authorName: 'Adire Hub',
        text: `Reply ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = (await get(commentsUrl('?limit=50'))).json();
    const thread = list.comments.find((c: { _id: string }) => c._id === target._id);
    expect(thread.repliesCount).toBe(55);
    expect(thread.replies).toHaveLength(50);
    expect(thread.replies[0].text).toBe('Reply 0');
    expect(thread.replies[49].text).toBe('Reply 49');
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
