import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, streams } from '@/db/schema/index.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { appOnDisk, createProduct, HOUR, served, uploadCover, uploadPhoto } from '@/test/upload-sweep.ts';
import { waitFor } from '@/test/wait-for.ts';

type Seller = Awaited<ReturnType<typeof sellerWithToken>>;

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
