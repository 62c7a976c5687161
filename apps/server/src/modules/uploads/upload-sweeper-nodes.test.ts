import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@/cli/admin.ts';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { fakeS3Storage, startFakeS3 } from '@/test/fake-s3.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import {
  appOnDisk,
  createProduct,
  GRACE_MS,
  HOUR,
  keyOf,
  photos,
  served,
  uploadPhoto,
} from '@/test/upload-sweep.ts';
import { waitFor } from '@/test/wait-for.ts';

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
    const storage = await fakeS3Storage(s3, path.join(scratch, 'upload-scratch'), { deleteBatchSize: 2 });
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
