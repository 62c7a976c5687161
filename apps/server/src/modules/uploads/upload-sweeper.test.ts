import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PRODUCT_IMAGE_FIELD, STREAM_COVER_IMAGE_FIELD } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app.ts';
import { runAdmin } from '@/cli/admin.ts';
import { blips, products, streamProducts, streams } from '@/db/schema/index.ts';
import { type FileStorage, localDiskStorage } from '@/storage/file-storage.ts';
import { s3Storage } from '@/storage/s3-storage.ts';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { startFakeS3 } from '@/test/fake-s3.ts';
import { createShow, productsOf, someCategory } from '@/test/live.ts';
import { multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { waitFor } from '@/test/wait-for.ts';

const HOUR = 3_600_000;
const GRACE_MS = 24 * HOUR;

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;

/**
 * A test app whose uploads are real files in a folder this test knows, so it can age them;
 * `wrap` puts something between the app and that storage.
 */
async function appOnDisk({
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

const keyOf = (url: string) => `public/${url.slice('/api/media/'.length)}`;

const photo = (r = 200) =>
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
const uploadPhoto = (t: TestApp, auth: Auth) =>
  upload(t.app, '/api/products/images', PRODUCT_IMAGE_FIELD, auth);
/** `n` product photos of the seller, in upload order. */
async function photos(t: TestApp, auth: Auth, n: number) {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) urls.push(await uploadPhoto(t, auth));
  return urls as string[] & Record<0 | 1 | 2 | 3, string>;
}
const uploadCover = (t: TestApp, auth: Auth) =>
  upload(t.app, '/api/streams/media', STREAM_COVER_IMAGE_FIELD, auth);

async function createProduct(t: TestApp, auth: Auth, payload: Record<string, unknown>) {
  const { categoryId, subCategoryId } = await someCategory(t);
  return t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: auth,
    payload: { name: 'Adire Shirt', categoryId, subCategoryId, price: 12_000, ...payload },
  });
}

const served = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

/** Colour → Size → Fabric with one photo at each level. */
const variantTree = (colour: string[], size: string[], fabric: string[]) => ({
  options: [
    { id: 'o1', name: 'Colour', values: ['Indigo'] },
    { id: 'o2', name: 'Size', values: ['L'] },
    { id: 'o3', name: 'Fabric', values: ['Cotton'] },
  ],
  variants: [
    {
      name: 'Colour',
      value: 'Indigo',
      price: null,
      totalStock: 1,
      images: colour,
      subVariants: [
        {
          name: 'Size',
          value: 'L',
          price: null,
          stock: 1,
          images: size,
          subSubVariants: [
            { name: 'Fabric', value: 'Cotton', price: null, stock: 1, sku: 'IND-L-COT', images: fabric },
          ],
        },
      ],
    },
  ],
});

describe('sweeping orphaned uploads (local disk)', () => {
  let d: Awaited<ReturnType<typeof appOnDisk>>;
  let t: TestApp;
  beforeAll(async () => {
    d = await appOnDisk();
    t = d.t;
  });
  afterAll(() => d.close());

  const age = (urlOrKey: string, hours?: number) => d.age(urlOrKey, hours);
  const stored = (url: string) => t.storage.exists(keyOf(url));
  const newSeller = () => sellerWithToken(t, { hasFilledAddress: true });

  it('removes a photo nobody attached once it is older than the grace period (and its URL then answers 404), and keeps a fresh one', async () => {
    const a = await newSeller();
    const abandoned = await uploadPhoto(t, a.auth);
    const fresh = await uploadPhoto(t, a.auth);
    await age(abandoned);
    await age(fresh, 23);
    expect(await served(t, abandoned)).toBe(200);

    const report = await t.app.uploadSweeper.sweepAll();
    expect(report.complete).toBe(true);
    expect(await stored(abandoned)).toBe(false);
    expect(await served(t, abandoned)).toBe(404);
    expect(await stored(fresh)).toBe(true);
    expect(await served(t, fresh)).toBe(200);
    expect(report.areas.products).toMatchObject({ deleted: 1, recent: 1 });

    // Still unattached a day later: it goes then.
    t.clock.advance(GRACE_MS);
    await t.app.uploadSweeper.sweepAll();
    expect(await stored(fresh)).toBe(false);
  });

  it("keeps every photo a product names, at every variant level, however old, and another seller's files and rows are untouched", async () => {
    const a = await newSeller();
    const b = await newSeller();
    const [cover, indigo, large, cotton] = await photos(t, a.auth, 4);
    const created = await createProduct(t, a.auth, {
      images: [cover],
      ...variantTree([indigo], [large], [cotton]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const orphanOfA = await uploadPhoto(t, a.auth);

    const [usedByB, freshOfB] = [await uploadPhoto(t, b.auth), await uploadPhoto(t, b.auth)];
    const ofB = await createProduct(t, b.auth, { images: [usedByB] });
    expect(ofB.statusCode, ofB.body).toBe(201);
    const bBefore = await t.db.select().from(products).where(eq(products.sellerId, b.seller.id));

    for (const url of [cover, indigo, large, cotton, orphanOfA, usedByB]) await age(url, 24 * 30);
    await t.app.uploadSweeper.sweepAll();

    for (const url of [cover, indigo, large, cotton]) expect(await served(t, url), url).toBe(200);
    expect(await stored(orphanOfA)).toBe(false);
    expect(await served(t, usedByB)).toBe(200);
    expect(await stored(freshOfB)).toBe(true);
    expect(await t.db.select().from(products).where(eq(products.sellerId, b.seller.id))).toEqual(bBefore);
  });

  it('removes photos taken off a product and those of a deleted product, but keeps the first photo a past show copied', async () => {
    const a = await newSeller();
    const [first, second, replaced] = await photos(t, a.auth, 3);
    const created = await createProduct(t, a.auth, { images: [first, second, replaced] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: a.auth,
      payload: { images: [first, second] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const show = await createShow(t.app, t, a.auth, [id]);
    for (const url of [first, second, replaced]) await age(url);

    await t.app.uploadSweeper.sweepAll();
    expect(await stored(replaced)).toBe(false);
    expect([await stored(first), await stored(second)]).toEqual([true, true]);

    // Deleted once the show is over: the show's copy of the first photo still shows.
    await t.db.update(streams).set({ status: 'ended' }).where(eq(streams.id, show._id));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: a.auth });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.uploadSweeper.sweepAll();
    expect(await stored(second)).toBe(false);
    expect(await served(t, first)).toBe(200);
    const [copy] = await t.db.select().from(streamProducts).where(eq(streamProducts.streamId, show._id));
    expect(copy?.productImage).toBe(first);
  });

  it('removes a show cover nobody used and keeps the cover and video a show names', async () => {
    const a = await newSeller();
    const [used, unused] = [await uploadCover(t, a.auth), await uploadCover(t, a.auth)];
    // A preview video named by a show: its file as the media upload stores it.
    const video = `/api/media/streams/${a.seller.id}/${randomUUID()}.mp4`;
    await t.storage.putBuffer(keyOf(video), Buffer.from('not really a video'));
    const show = await createShow(t.app, t, a.auth, [], { coverImage: used, video });
    expect(show.coverImage).toBe(used);
    for (const url of [used, unused, video]) await age(url);

    const report = await t.app.uploadSweeper.sweepAll();
    expect(await stored(unused)).toBe(false);
    expect(await served(t, unused)).toBe(404);
    expect([await stored(used), await stored(video)]).toEqual([true, true]);
    expect(report.areas.streams.deleted).toBeGreaterThanOrEqual(1);
  });

  it('keeps the video and poster of a blip and removes a blip file no blip names', async () => {
    const a = await newSeller();
    const [productId] = await productsOf(t, a.seller.id, 1);
    const base = `public/blips/${a.seller.id}`;
    const [videoKey, posterKey, leftover] = [
      `${base}/${randomUUID()}.webm`,
      `${base}/${randomUUID()}.webp`,
      `${base}/${randomUUID()}.webm`,
    ];
    for (const key of [videoKey, posterKey, leftover]) await t.storage.putBuffer(key, Buffer.from(key));
    await t.db.insert(blips).values({
      sellerId: a.seller.id,
      productId: productId as string,
      videoKey,
      videoMime: 'video/webm',
      posterKey,
      durationMs: 4000,
    });
    for (const key of [videoKey, posterKey, leftover]) await age(key);

    await t.app.uploadSweeper.sweepAll();
    expect(await t.storage.exists(leftover)).toBe(false);
    expect([await t.storage.exists(videoKey), await t.storage.exists(posterKey)]).toEqual([true, true]);
  });

  it('leaves alone what is not an upload it looks after: documents, avatars, and files not named like uploads', async () => {
    const a = await newSeller();
    const others = [
      `documents/${a.seller.id}/${randomUUID()}`,
      `public/avatars/${a.seller.id}/${randomUUID()}.webp`,
      `public/products/${a.seller.id}/by-hand.webp`,
      `public/products/not-a-seller/${randomUUID()}.webp`,
    ];
    for (const key of others) {
      await t.storage.putBuffer(key, Buffer.from(key));
      await age(key, 24 * 365);
    }
    const report = await t.app.uploadSweeper.sweepAll();
    for (const key of others) expect(await t.storage.exists(key), key).toBe(true);
    expect(report.totals.skipped).toBeGreaterThanOrEqual(2);
  });

  it('does a bounded amount of work per scheduled run and carries on from there in the next one', async () => {
    const small = await appOnDisk({
      uploadSweep: { timers: 'manual', graceMs: GRACE_MS, batchSize: 2, maxFilesPerRun: 3 },
    });
    try {
      const s = await sellerWithToken(small.t, { hasFilledAddress: true });
      const urls = await photos(small.t, s.auth, 7);
      for (const url of urls) await small.age(url);

      const first = await small.t.app.uploadSweeper.run();
      expect(first).toMatchObject({ complete: false, totals: { examined: 3, deleted: 3 } });
      const second = await small.t.app.uploadSweeper.run();
      expect(second).toMatchObject({ complete: false, totals: { examined: 3, deleted: 3 } });
      const third = await small.t.app.uploadSweeper.run();
      expect(third).toMatchObject({ complete: true, totals: { examined: 1, deleted: 1 } });
      for (const url of urls) expect(await small.t.storage.exists(keyOf(url))).toBe(false);
    } finally {
      await small.close();
    }
  });

  it('logs what each run removed and kept', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logged = await appOnDisk({ logger: pino({ level: 'info' }, sink) });
    try {
      const s = await sellerWithToken(logged.t, { hasFilledAddress: true });
      const url = await uploadPhoto(logged.t, s.auth);
      await logged.age(url);
      await logged.t.app.uploadSweeper.run();
      const line = lines.find((l) => String(l.msg).startsWith('upload sweep:'));
      expect(line).toMatchObject({
        msg: 'upload sweep: removed 1 orphaned file(s) of 1 looked at',
        trigger: 'schedule',
        examined: 1,
        deleted: 1,
        inUse: 0,
        recent: 0,
        failed: 0,
        graceHours: 24,
        areas: { products: { deleted: 1 } },
      });
    } finally {
      await logged.close();
    }
  });
});

describe('a photo attached while the sweeper works on it', () => {
  /**
   * Storage whose calls can be held at a gate: the test decides when a held call goes on, so the
   * two sides of the race meet exactly where it wants them to.
   */
  function gatedStorage(real: FileStorage) {
    const gates: Partial<Record<'exists' | 'delete' | 'list', { reached: () => void; open: Promise<void> }>> =
      {};
    const hold = (name: 'exists' | 'delete' | 'list') => {
      let reached!: () => void;
      let open!: () => void;
      const reachedP = new Promise<void>((r) => {
        reached = r;
      });
      gates[name] = {
        reached,
        open: new Promise<void>((r) => {
          open = r;
        }),
      };
      return { reached: reachedP, open: () => open() };
    };
    const pass = async (name: 'exists' | 'delete' | 'list') => {
      const gate = gates[name];
      if (!gate) return;
      delete gates[name];
      gate.reached();
      await gate.open;
    };
    const storage: FileStorage = {
      ...real,
      scratchDir: real.scratchDir,
      exists: async (key) => {
        await pass('exists');
        return real.exists(key);
      },
      delete: async (keys) => {
        if (keys.length) await pass('delete');
        return real.delete(keys);
      },
      list: async (prefix, options) => {
        const page = await real.list(prefix, options);
        if (page.files.length) await pass('list');
        return page;
      },
    };
    return { storage, hold };
  }

  let d: Awaited<ReturnType<typeof appOnDisk>>;
  let t: TestApp;
  let gate: ReturnType<typeof gatedStorage>;
  beforeAll(async () => {
    d = await appOnDisk({
      wrap: (real) => {
        gate = gatedStorage(real);
        return gate.storage;
      },
    });
    t = d.t;
  });
  afterAll(() => d.close());

  const oldPhoto = async (s: Seller) => {
    const url = await uploadPhoto(t, s.auth);
    await d.age(url);
    return url;
  };

  /** Whether some session waits for an advisory lock (a write or the sweeper, held by the other). */
  const someoneWaitsForTheLock = async () => {
    const { rows } = await t.db.$client.query(
      "select 1 from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
    );
    return rows.length > 0;
  };

  it('keeps a photo attached between the listing and the check (it is named by then)', async () => {
    const s = await sellerWithToken(t, { hasFilledAddress: true });
    const url = await oldPhoto(s);
    const listed = gate.hold('list');
    const sweeping = t.app.uploadSweeper.sweepAll();
    await listed.reached;
    // The sweeper has seen the photo as an old file; the seller attaches it now.
    const created = await createProduct(t, s.auth, { images: [url] });
    expect(created.statusCode, created.body).toBe(201);
    listed.open();
    const report = await sweeping;
    expect(report.areas.products.deleted).toBe(0);
    expect(await served(t, url)).toBe(200);
  });

  it('waits for a product being saved with the photo, then keeps the photo', async () => {
    const s = await sellerWithToken(t, { hasFilledAddress: true });
    const url = await oldPhoto(s);
    // The write has taken the seller's uploads and is checking the photo exists.
    const checking = gate.hold('exists');
    const creating = createProduct(t, s.auth, { images: [url] });
    await checking.reached;
    const sweeping = t.app.uploadSweeper.sweepAll();
    await waitFor(someoneWaitsForTheLock);
    checking.open();
    expect((await creating).statusCode).toBe(201);
    const report = await sweeping;
    // Named by the product by the time the sweeper could look: kept (as the earlier tests' photos).
    expect(report.areas.products.deleted).toBe(0);
    expect(await served(t, url)).toBe(200);
  });

  it('makes a product saved while the sweeper removes the photo wait, then refuses it: never a product naming a removed file', async () => {
    const s = await sellerWithToken(t, { hasFilledAddress: true });
    const url = await oldPhoto(s);
    const removing = gate.hold('delete');
    const sweeping = t.app.uploadSweeper.sweepAll();
    await removing.reached;
    const creating = createProduct(t, s.auth, { images: [url] });
    await waitFor(someoneWaitsForTheLock);
    removing.open();
    await sweeping;
    const refused = await creating;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`images: ${url} was not found; upload the photo again`);
    expect(await t.db.select().from(products).where(eq(products.sellerId, s.seller.id))).toEqual([]);
  });

  it('does the same for a show scheduled with a cover the sweeper is removing', async () => {
    const s = await sellerWithToken(t, { hasFilledAddress: true });
    const cover = await uploadCover(t, s.auth);
    await d.age(cover);
    const removing = gate.hold('delete');
    const sweeping = t.app.uploadSweeper.sweepAll();
    await removing.reached;
    const { categoryId } = await someCategory(t);
    const scheduling = t.app.inject({
      method: 'POST',
      url: '/api/streams/open-live-show',
      headers: s.auth,
      payload: {
        title: 'Adire Sunday',
        category: categoryId,
        scheduledStartTime: new Date(t.clock.now().getTime() + HOUR).toISOString(),
        products: [],
        coverImage: cover,
      },
    });
    await waitFor(someoneWaitsForTheLock);
    removing.open();
    await sweeping;
    const refused = await scheduling;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('coverImage: the file was not found; upload it again');
    expect(await t.db.select().from(streams).where(eq(streams.sellerId, s.seller.id))).toEqual([]);
  });
});

describe('the sweeper on several nodes and by hand', () => {
  let d: Awaited<ReturnType<typeof appOnDisk>>;
  let t: TestApp;
  beforeAll(async () => {
    d = await appOnDisk();
    t = d.t;
  });
  afterAll(() => d.close());

  it('sweeps on a schedule on one node at a time; another takes over when the owner closes', async () => {
    const s = await sellerWithToken(t, { hasFilledAddress: true });
    const url = await uploadPhoto(t, s.auth);
    await d.age(url);

    const auto = {
      timers: 'auto' as const,
      graceMs: GRACE_MS,
      intervalMs: 50,
      firstDelayMs: 0,
      lockRetryMs: 50,
    };
    const nodeA = await buildAppOnSameDatabase(t, { uploadSweep: auto });
    const nodeB = await buildAppOnSameDatabase(t, { uploadSweep: auto });
    let closedA = false;
    try {
      const owners = () => [nodeA, nodeB].filter((n) => n.uploadSweeper.schedule?.isOwner());
      await waitFor(() => owners().length === 1);
      await waitFor(async () => !(await t.storage.exists(keyOf(url))));
      // A few retries later the other node is still not an owner.
      await new Promise((r) => setTimeout(r, 300));
      expect(owners()).toHaveLength(1);
      const [owner] = owners();
      const follower = owner === nodeA ? nodeB : nodeA;
      await owner?.close();
      closedA = owner === nodeA;
      await waitFor(() => follower.uploadSweeper.schedule?.isOwner() === true);
    } finally {
      if (!closedA) await nodeA.close();
      await nodeB.close();
    }
  });

  it('`npm run admin -- sweep-uploads` sweeps once on the running server and prints what it did', async () => {
    const s = await sellerWithToken(t, { hasFilledAddress: true });
    const url = await uploadPhoto(t, s.auth);
    await d.age(url);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
    const env = { PORT: String(port), ADMIN_TOKEN: t.adminToken };

    expect(await runAdmin(['sweep-uploads'], env, io), err.join('\n')).toBe(0);
    expect(out.join('\n')).toMatch(
      /^Removed 1 orphaned upload\(s\) \(product photos 1, show media 0, blip files 0\) of \d+ looked at\.\nKept \d+ in use and \d+ newer than 24 h\.$/,
    );
    expect(await t.storage.exists(keyOf(url))).toBe(false);

    const wrong = { ...env, ADMIN_TOKEN: 'x'.repeat(32) };
    expect(await runAdmin(['sweep-uploads'], wrong, io)).toBe(1);
    expect(err.at(-1)).toBe('Invalid admin token');
  });
});

describe('sweeping orphaned uploads in S3 (s3rver)', () => {
  it('removes an old unattached photo and keeps an attached one and a fresh one', async () => {
    const s3 = await startFakeS3();
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-sweep-s3-'));
    const storage = await s3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      scratchDir: path.join(scratch, 'upload-scratch'),
      deleteBatchSize: 2,
    });
    const t = await buildTestApp({
      storage,
      uploadSweep: { timers: 'manual', graceMs: GRACE_MS, batchSize: 2 },
    });
    try {
      t.clock.set(new Date());
      const s = await sellerWithToken(t, { hasFilledAddress: true });
      const [used, abandoned, alsoAbandoned] = await photos(t, s.auth, 3);
      expect((await createProduct(t, s.auth, { images: [used] })).statusCode).toBe(201);

      // A day and more later (S3 keeps its own times, so the clock moves instead of the files).
      t.clock.advance(GRACE_MS + HOUR);
      const report = await t.app.uploadSweeper.sweepAll();
      expect(report.areas.products).toMatchObject({ deleted: 2, inUse: 1 });
      expect(await served(t, abandoned)).toBe(404);
      expect(await served(t, alsoAbandoned)).toBe(404);
      expect(await served(t, used)).toBe(200);

      t.clock.set(new Date());
      const fresh = await uploadPhoto(t, s.auth);
      await t.app.uploadSweeper.sweepAll();
      expect(await served(t, fresh)).toBe(200);
    } finally {
      await t.close();
      storage.close();
      await s3.stop();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
