// size: the replay journeys through the real routes (resume, caps, isolation, sold moments, a week-old upload given up), on local disk, on S3 and by LiveKit egress
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_REPLAY_BYTES, REPLAY_CHUNK_BYTES, type Stream } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFollows } from '@/db/schema/audience.ts';
import { streams } from '@/db/schema/live.ts';
import { tokenService } from '@/lib/tokens.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { fakeS3Storage, startFakeS3 } from '@/test/fake-s3.ts';
import { bid, createShow, liveAuction, post, sellerWithProducts } from '@/test/live.ts';
import { livekitVideoProvider } from '@/video/video-provider.ts';

type Auth = { authorization: string };

/** A real browser-made WebM padded past two chunks (the EBML walk stops at the padding). */
const recording = async () => {
  const webm = await readFile(new URL('../../../fixtures/videos/blip.webm', import.meta.url));
  return Buffer.concat([webm, Buffer.alloc(2 * REPLAY_CHUNK_BYTES + 1234 - webm.length)]);
};

const put = (
  t: TestApp,
  auth: Auth | Record<string, never>,
  streamId: string,
  offset: number,
  data: Buffer,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/streams/${streamId}/replay/upload/${offset}`,
    headers: { ...auth, 'content-type': 'application/octet-stream' },
    payload: data,
  });
const chunkAt = (file: Buffer, offset: number) => file.subarray(offset, offset + REPLAY_CHUNK_BYTES);
const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function endedShow(t: TestApp) {
  const a = await sellerWithProducts(t, 1);
  const show = await createShow(t.app, t, a.auth, a.productIds, {
    startImmediately: true,
    scheduledStartTime: undefined,
  });
  expect((await post(t.app, `/api/streams/${show._id}/start`, a.auth)).statusCode).toBe(200);
  t.clock.advance(5 * 60_000);
  expect((await post(t.app, `/api/streams/${show._id}/end`, a.auth)).statusCode).toBe(200);
  return { a, show };
}

async function uploadWhole(t: TestApp, auth: Auth, streamId: string, file: Buffer) {
  const start = await post(t.app, `/api/streams/${streamId}/replay/upload`, auth, {
    sizeBytes: file.length,
    mimeType: 'video/webm',
  });
  expect(start.statusCode, start.body).toBeLessThan(300);
  let last = start;
  for (let offset = start.json().upload.receivedBytes; offset < file.length; offset += REPLAY_CHUNK_BYTES) {
    last = await put(t, auth, streamId, offset, chunkAt(file, offset));
    expect(last.statusCode, last.body).toBe(200);
  }
  return last.json().upload;
}

describe('replay uploads (local disk)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('resumes from what the server holds, answers a repeated chunk again, and plays with ranges', async () => {
    const { a, show } = await endedShow(t);
    const file = await recording();
    const url = `/api/streams/${show._id}/replay/upload`;
    const started = await post(t.app, url, a.auth, { sizeBytes: file.length, mimeType: 'video/webm' });
    expect(started.statusCode).toBe(201);
    expect(started.json().upload).toEqual({
      status: 'uploading',
      sizeBytes: file.length,
      receivedBytes: 0,
      chunkBytes: REPLAY_CHUNK_BYTES,
    });
    expect((await put(t, a.auth, show._id, 0, chunkAt(file, 0))).json().upload.receivedBytes).toBe(
      REPLAY_CHUNK_BYTES,
    );
    // A chunk past what the server holds (the one before was lost): where to go on from.
    const gap = await put(t, a.auth, show._id, 2 * REPLAY_CHUNK_BYTES, chunkAt(file, 2 * REPLAY_CHUNK_BYTES));
    expect(gap.statusCode).toBe(409);
    expect(gap.json().receivedBytes).toBe(REPLAY_CHUNK_BYTES);
    // The tab is reloaded: the same recording finds the upload where it stopped.
    const again = await post(t.app, url, a.auth, { sizeBytes: file.length, mimeType: 'video/webm' });
    expect(again.statusCode).toBe(200);
    expect(again.json().upload.receivedBytes).toBe(REPLAY_CHUNK_BYTES);
    expect((await get(t, url, a.auth)).json().upload.receivedBytes).toBe(REPLAY_CHUNK_BYTES);
    // The first chunk again (its answer was lost): answered, not stored twice.
    const repeat = await put(t, a.auth, show._id, 0, chunkAt(file, 0));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().upload.receivedBytes).toBe(REPLAY_CHUNK_BYTES);
    // Nothing is public while it uploads.
    expect((await get(t, `/api/streams/${show._id}/replay`)).json().replay).toBeNull();
    expect((await get(t, `/api/media/replays/${show._id}.webm`)).statusCode).toBe(404);

    const done = await uploadWhole(t, a.auth, show._id, file);
    expect(done).toMatchObject({ status: 'ready', receivedBytes: file.length });
    const replay = (await get(t, `/api/streams/${show._id}/replay`)).json().replay;
    expect(replay).toMatchObject({ status: 'ready', source: 'browser', mimeType: 'video/webm' });
    expect(replay.url).toBe(`/api/media/replays/${show._id}.webm`);
    expect(replay.durationSeconds).toBeGreaterThan(0);

    const whole = await get(t, replay.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(file)).toBe(true);
    const range = await get(t, replay.url, { range: 'bytes=100-199' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(range.rawPayload.equals(file.subarray(100, 200))).toBe(true);
    // The chunks are gone once joined.
    const left = await t.storage.list(`replays/${a.seller.id}/`, { limit: 10 });
    expect(left.files.map((f) => f.key)).toEqual([`replays/${a.seller.id}/${show._id}/replay.webm`]);
    // A finished replay is not replaced by accident.
    expect((await post(t.app, url, a.auth, { sizeBytes: 10, mimeType: 'video/webm' })).statusCode).toBe(409);
  });

  it('gives up an upload left for a week: its chunks are removed and the seller can send it again', async () => {
    const { a, show } = await endedShow(t);
    const file = await recording();
    const url = `/api/streams/${show._id}/replay/upload`;
    const chunks = `replays/${a.seller.id}/${show._id}/chunks/`;
    // A week on, the seller signs in again (their first token has run out).
    const signedIn = async () => ({
      authorization: `Bearer ${await tokenService(t.jwtSecret, t.clock).sign(a.seller)}`,
    });
    expect(
      (await post(t.app, url, a.auth, { sizeBytes: file.length, mimeType: 'video/webm' })).statusCode,
    ).toBe(201);
    expect((await put(t, a.auth, show._id, 0, chunkAt(file, 0))).statusCode).toBe(200);
    // Six days on, a second chunk arrives: the upload is still moving.
    t.clock.advance(6 * 24 * 3_600_000);
    await t.jobs.runDue();
    expect(
      (await put(t, await signedIn(), show._id, REPLAY_CHUNK_BYTES, chunkAt(file, REPLAY_CHUNK_BYTES)))
        .statusCode,
    ).toBe(200);
    // A week after the upload began, but two days after its last chunk: kept.
    t.clock.advance(2 * 24 * 3_600_000);
    await t.jobs.runDue();
    expect((await get(t, url, await signedIn())).json().upload).toMatchObject({
      status: 'uploading',
      receivedBytes: 2 * REPLAY_CHUNK_BYTES,
    });
    expect((await t.storage.list(chunks, { limit: 10 })).files).toHaveLength(2);
    // A week after its last chunk: given up, the chunks removed, the seller told why.
    t.clock.advance(5 * 24 * 3_600_000 + 60_000);
    await t.jobs.runDue();
    expect((await get(t, url, await signedIn())).json().upload).toMatchObject({
      status: 'failed',
      receivedBytes: 0,
    });
    expect((await t.storage.list(chunks, { limit: 10 })).files).toEqual([]);
    // The recording is still on the phone: sending it again starts over and finishes.
    const restarted = await post(t.app, url, await signedIn(), {
      sizeBytes: file.length,
      mimeType: 'video/webm',
    });
    expect(restarted.json().upload).toMatchObject({ status: 'uploading', receivedBytes: 0 });
    expect(await uploadWhole(t, await signedIn(), show._id, file)).toMatchObject({ status: 'ready' });
    // The job left for the new upload finds it ready and leaves it alone.
    t.clock.advance(8 * 24 * 3_600_000);
    await t.jobs.runDue();
    expect((await get(t, `/api/streams/${show._id}/replay`)).json().replay).toMatchObject({
      status: 'ready',
    });
  });

  it('caps the size, refuses a live show, odd chunks and a file that is not a video', async () => {
    const a = await sellerWithProducts(t, 1);
    const show = await createShow(t.app, t, a.auth, a.productIds, {
      startImmediately: true,
      scheduledStartTime: undefined,
    });
    await post(t.app, `/api/streams/${show._id}/start`, a.auth);
    const url = `/api/streams/${show._id}/replay/upload`;
    const early = await post(t.app, url, a.auth, { sizeBytes: 100, mimeType: 'video/webm' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Upload the replay once the show has ended');
    await post(t.app, `/api/streams/${show._id}/end`, a.auth);

    const huge = await post(t.app, url, a.auth, { sizeBytes: MAX_REPLAY_BYTES + 1, mimeType: 'video/webm' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('at most 1024 MB');
    const size = REPLAY_CHUNK_BYTES + 10;
    expect((await post(t.app, url, a.auth, { sizeBytes: size, mimeType: 'video/webm' })).statusCode).toBe(
      201,
    );
    const tooBig = await put(t, a.auth, show._id, 0, Buffer.alloc(REPLAY_CHUNK_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect((await put(t, a.auth, show._id, 0, Buffer.alloc(10))).statusCode).toBe(400);
    expect((await put(t, a.auth, show._id, 7, Buffer.alloc(10))).statusCode).toBe(400);
    expect((await put(t, a.auth, show._id, 0, Buffer.alloc(REPLAY_CHUNK_BYTES, 1))).statusCode).toBe(200);
    const last = await put(t, a.auth, show._id, REPLAY_CHUNK_BYTES, Buffer.alloc(10, 1));
    expect(last.statusCode).toBe(415);
    expect((await get(t, url, a.auth)).json().upload.status).toBe('failed');
    expect((await get(t, `/api/streams/${show._id}/replay`)).json().replay).toBeNull();
    // A failed upload may start over.
    expect(
      (await post(t.app, url, a.auth, { sizeBytes: size, mimeType: 'video/webm' })).json().upload,
    ).toMatchObject({
      status: 'uploading',
      receivedBytes: 0,
    });
  });

  it('lets no other seller, buyer or stranger upload to or read a seller’s private replay', async () => {
    const { a, show } = await endedShow(t);
    const b = await sellerWithProducts(t, 1);
    const buyer = await buyerWithToken(t);
    const url = `/api/streams/${show._id}/replay/upload`;
    const file = await recording();
    expect(
      (await post(t.app, url, a.auth, { sizeBytes: file.length, mimeType: 'video/webm' })).statusCode,
    ).toBe(201);
    expect((await put(t, a.auth, show._id, 0, chunkAt(file, 0))).statusCode).toBe(200);

    for (const [who, auth, expected] of [
      ['seller B', b.auth, 404],
      ['a buyer', buyer.auth, 401],
      ['nobody', {}, 401],
    ] as const) {
      const start = await post(t.app, url, auth, { sizeBytes: file.length, mimeType: 'video/webm' });
      expect(start.statusCode, who).toBe(expected);
      const chunk = await put(t, auth, show._id, REPLAY_CHUNK_BYTES, chunkAt(file, REPLAY_CHUNK_BYTES));
      expect(chunk.statusCode, who).toBe(expected);
      expect((await get(t, url, auth)).statusCode, who).toBe(expected);
      expect((await get(t, `/api/streams/${show._id}/summary`, auth)).statusCode, who).toBe(expected);
    }
    // Nothing moved: A's upload still stands at one chunk and is not public.
    expect((await get(t, url, a.auth)).json().upload.receivedBytes).toBe(REPLAY_CHUNK_BYTES);
    expect((await get(t, `/api/media/replays/${show._id}.webm`)).statusCode).toBe(404);
    expect((await get(t, `/api/media/replays/${show._id}.mp4`)).statusCode).toBe(404);
  });

  it('marks each sale at its second of the show and sums up the show', async () => {
    const a = await sellerWithProducts(t, 2);
    const stream: Stream = await liveAuction(t.app, t, a.auth, a.productIds, {
      startingBid: 1000,
      durationSeconds: 30,
    });
    const started = t.clock.now();
    const ada = await buyerWithToken(t, 'Ada');
    const obi = await buyerWithToken(t, 'Obi');
    const stranger = await buyerWithToken(t, 'Early');
    await t.db.insert(storeFollows).values([
      { buyerId: stranger.buyer.id, sellerId: a.seller.id, createdAt: new Date(started.getTime() - 60_000) },
      { buyerId: ada.buyer.id, sellerId: a.seller.id, createdAt: new Date(started.getTime() + 10_000) },
    ]);
    const [first, second] = a.productIds as [string, string];
    await bid(t.app, ada.auth, stream._id, first, 1000);
    await bid(t.app, obi.auth, stream._id, first, 1500);
    t.clock.advance(31_000);
    await t.app.auctions.tick();
    await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, a.auth, { productId: second });
    await bid(t.app, ada.auth, stream._id, second, 2500);
    t.clock.advance(60_000);
    await t.app.auctions.tick();
    await t.db.update(streams).set({ peakViewers: 12 }).where(eq(streams.id, stream._id));
    t.clock.advance(60_000);
    await post(t.app, `/api/streams/${stream._id}/end`, a.auth);

    const { moments } = (await get(t, `/api/streams/${stream._id}/replay`)).json();
    expect(moments.map((m: { amount: number; atSeconds: number }) => [m.amount, m.atSeconds])).toEqual([
      // The first clock ran out at 30 s; the second at 61 s, though the ticker only saw it at 91 s.
      [1500, 30],
      [2500, 61],
    ]);
    const summary = (await get(t, `/api/streams/${stream._id}/summary`, a.auth)).json().summary;
    expect(summary).toEqual({
      sales: 4000,
      orders: 2,
      buyers: 2,
      bids: 3,
      peakViewers: 12,
      viewerCount: 0,
      giveaways: 0,
      newFollowers: 1,
      durationMinutes: 3,
    });
  });
});

describe('replay uploads (S3-compatible storage)', () => {
  let t: TestApp;
  let stopS3: () => Promise<void>;
  beforeAll(async () => {
    const s3 = await startFakeS3();
    stopS3 = s3.stop;
    const scratch = await import('node:os').then((os) => os.tmpdir());
    const storage = await fakeS3Storage(s3, `${scratch}/kasuwa-replay-s3-${process.pid}`);
    t = await buildTestApp({ storage });
  });
  afterAll(async () => {
    await t?.close();
    await stopS3?.();
  });

  it('keeps the chunks in the bucket and serves the joined replay', async () => {
    const { a, show } = await endedShow(t);
    const file = await recording();
    const start = await post(t.app, `/api/streams/${show._id}/replay/upload`, a.auth, {
      sizeBytes: file.length,
      mimeType: 'video/webm',
    });
    expect(start.statusCode).toBe(201);
    await put(t, a.auth, show._id, 0, chunkAt(file, 0));
    const held = await t.storage.list(`replays/${a.seller.id}/${show._id}/chunks/`, { limit: 10 });
    expect(held.files).toHaveLength(1);
    expect(await uploadWhole(t, a.auth, show._id, file)).toMatchObject({ status: 'ready' });
    const range = await get(t, `/api/media/replays/${show._id}.webm`, { range: 'bytes=0-3' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(file.subarray(0, 4))).toBe(true);
  });
});

/**
 * A local stand-in for LiveKit's egress service, speaking its documented Twirp API
 * (POST /twirp/livekit.Egress/<Method>, JSON, a bearer JWT with the roomRecord grant).
 */
function egressStandIn() {
  const calls: Array<{ method: string; body: Record<string, unknown>; grants: unknown }> = [];
  let status = 'EGRESS_ACTIVE';
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c) => {
        text += c;
      });
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (req, res) => {
    const method = /^\/twirp\/livekit\.Egress\/(\w+)$/.exec(req.url ?? '')?.[1];
    const body = JSON.parse((await read(req)) || '{}') as Record<string, unknown>;
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    calls.push({ method: method ?? '?', body, grants: token ? decodeJwt(token).video : null });
    res.setHeader('content-type', 'application/json');
    const info = { egressId: 'EG_replay1', roomName: 'kasuwa-room', status };
    if (method === 'ListEgress') res.end(JSON.stringify({ items: [info] }));
    else if (method) res.end(JSON.stringify(info));
    else {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 'not_found', msg: 'no such method' }));
    }
  });
  return {
    calls,
    finish: () => {
      status = 'EGRESS_COMPLETE';
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('replays recorded by LiveKit egress', () => {
  const standIn = egressStandIn();
  let t: TestApp;
  beforeAll(async () => {
    const url = await standIn.listen();
    t = await buildTestApp({
      video: livekitVideoProvider({
        url,
        apiKey: 'APIkasuwaKey',
        apiSecret: 'a-livekit-secret-that-is-long-enough-for-hs256',
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn.close();
  });

  it('starts a room composite egress to a file with the show, stops it at the end, and serves the file', async () => {
    const { a, show } = await endedShow(t);
    const start = standIn.calls.find((c) => c.method === 'StartRoomCompositeEgress');
    expect(start?.body).toMatchObject({
      roomName: `kasuwa-${show._id}`,
      file: { filepath: `replays/${a.seller.id}/${show._id}/replay.mp4` },
    });
    expect(start?.grants).toMatchObject({ roomRecord: true });
    expect(standIn.calls.find((c) => c.method === 'StopEgress')?.body).toEqual({ egressId: 'EG_replay1' });
    // Still being written: nothing to play, and the browser may not upload over it.
    expect((await get(t, `/api/streams/${show._id}/replay`)).json().replay).toBeNull();
    expect((await get(t, `/api/streams/${show._id}/replay/upload`, a.auth)).json().upload.status).toBe(
      'recording',
    );
    const upload = await post(t.app, `/api/streams/${show._id}/replay/upload`, a.auth, {
      sizeBytes: 100,
      mimeType: 'video/webm',
    });
    expect(upload.statusCode).toBe(409);

    standIn.finish();
    const mp4 = await readFile(new URL('../../../fixtures/videos/blip.mp4', import.meta.url));
    await t.storage.putBuffer(`replays/${a.seller.id}/${show._id}/replay.mp4`, mp4);
    const replay = (await get(t, `/api/streams/${show._id}/replay`)).json().replay;
    expect(replay).toMatchObject({
      status: 'ready',
      source: 'egress',
      url: `/api/media/replays/${show._id}.mp4`,
    });
    expect((await get(t, replay.url, { range: 'bytes=0-9' })).statusCode).toBe(206);
  });
});
