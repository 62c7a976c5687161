// The upload sweeper on local disk: what it removes, what it keeps, its batches and its log.
// Races with a save: upload-sweeper-races.test.ts; several nodes, the CLI and S3: upload-sweeper-nodes.test.ts.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sizedImagePath } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blips, products, streamProducts, streams } from '@/db/schema/index.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { createShow, productsOf } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import {
  appOnDisk,
  createProduct,
  GRACE_MS,
  keyOf,
  photos,
  served,
  uploadCover,
  uploadPhoto,
} from '@/test/upload-sweep.ts';
import { sizedKeysOf } from '@/uploads/image-sizes.ts';

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

  it("removes an orphaned photo's sizes with it, and keeps a named photo's sizes however old (issue 20)", async () => {
    const a = await newSeller();
    const [abandoned, kept] = [await uploadPhoto(t, a.auth), await uploadPhoto(t, a.auth)];
    const created = await createProduct(t, a.auth, { images: [kept], status: 'active' });
    expect(created.statusCode, created.body).toBe(201);
    await t.jobs.runDue();
    const sizesOf = (url: string) => sizedKeysOf(keyOf(url));
    // A size made on request a moment ago: young, but its photo is old and named by nothing.
    await t.storage.delete([sizesOf(abandoned)[0] ?? '']);
    expect(await served(t, sizedImagePath(abandoned, 160, 'avif'))).toBe(200);
    for (const key of [keyOf(abandoned), keyOf(kept), ...sizesOf(kept), ...sizesOf(abandoned).slice(1)]) {
      await age(key, 24 * 30);
    }

    const report = await t.app.uploadSweeper.sweepAll();
    for (const key of [keyOf(abandoned), ...sizesOf(abandoned)])
      expect(await t.storage.exists(key), key).toBe(false);
    for (const key of [keyOf(kept), ...sizesOf(kept)]) expect(await t.storage.exists(key), key).toBe(true);
    expect(await served(t, sizedImagePath(kept, 320, 'webp'))).toBe(200);
    expect(report.areas.products.skipped).toBe(0);
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
