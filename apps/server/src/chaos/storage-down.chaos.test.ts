import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAOS_PORTS, chaosNodes, demoLogin, freshDatabase, type Node, report } from '@/chaos/harness.ts';
import { type FakeS3, startFakeS3 } from '@/test/fake-s3.ts';
import { png } from '@/test/onboarding.ts';

/* Issue 18, Faults: the S3-compatible storage (s3rver) stopped while the server runs, then a new one
   started on the same address. An upload meanwhile must be refused with a clear message (a 503 the
   web app shows, not a 500), promptly, and leave no row naming a file that is not in the bucket;
   once the storage is back, the same upload works without a restart. */

const nodes = chaosNodes('kasuwa-chaos-s3-');
let db: Awaited<ReturnType<typeof freshDatabase>>;
let s3: FakeS3 | null = null;
let node: Node;
const BUCKET = 'kasuwa-chaos-uploads';

beforeAll(async () => {
  db = await freshDatabase('s3', { seeded: true });
  s3 = await startFakeS3(BUCKET, CHAOS_PORTS.service);
  node = await nodes.start(await nodes.freshDataDir({ seeded: true }), CHAOS_PORTS.nodeA, {
    DATABASE_URL: db.url,
    SEED_DEMO: '1',
    REDIS_URL: '',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
});
afterAll(async () => {
  await nodes.cleanup();
  await s3?.stop();
  await db?.drop();
});

async function upload(token: string, slot: 'avatar' | 'banner', content: Buffer) {
  const form = new FormData();
  form.append(slot, new Blob([new Uint8Array(content)], { type: 'image/png' }), `${slot}.png`);
  const began = Date.now();
  const res = await fetch(`${node.base}/api/seller/profile/${slot}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as { message?: string; url?: string };
  return { status: res.status, body, ms: Date.now() - began };
}

describe('S3 storage unreachable during an upload', () => {
  it('refuses the upload with a clear 503, writes no row naming a missing file, and works again once S3 is back', async () => {
    const { token, user } = await demoLogin(node.base);
    const image = await png(400, 400);
    const stateOf = async () =>
      (
        await db.query<{ store_avatar_url: string | null; store_banner_url: string | null }>(
          'SELECT store_avatar_url, store_banner_url FROM sellers WHERE id = $1',
          [user._id],
        )
      )[0];
    const ok = await upload(token, 'avatar', image);
    expect(ok.status).toBe(200);
    const before = await stateOf();

    await s3?.stop();
    s3 = null;
    const down = await upload(token, 'banner', image);
    const downAvatar = await upload(token, 'avatar', image);
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/storage is unavailable/i);
    expect(downAvatar.status).toBe(503);
    expect(down.ms).toBeLessThan(10_000);
    // No row names a file the bucket does not have: the seller's row is as it was.
    expect(await stateOf()).toEqual(before);
    const health = await fetch(`${node.base}/api/health`);
    expect(node.child.exitCode).toBeNull();

    s3 = await startFakeS3(BUCKET, CHAOS_PORTS.service);
    const back = await upload(token, 'banner', image);
    expect(back.status).toBe(200);
    const after = await stateOf();
    expect(after?.store_banner_url).toBe(back.body.url);
    const served = await fetch(`${node.base}${back.body.url}`);
    expect(served.status).toBe(200);
    report(
      'S3 storage stopped during uploads',
      'fixed',
      `uploads while down answered ${down.status} in ${down.ms} ms and ${downAvatar.status} in ${downAvatar.ms} ms ("${down.body.message}"; was a 503 "The database is not running right now": the S3 connection error was taken for PostgreSQL's); seller row unchanged; /api/health ${health.status}; after a new S3 started, the upload answered ${back.status} and its file is served (no restart)`,
    );
  });
});
