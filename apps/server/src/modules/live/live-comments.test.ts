import { type StreamComment, type StreamNotification, streamSocketEvents } from '@kasuwa/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { streamComments } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { connected, createShow, emitAck, listen, nextEvent, openSocket, post } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t.close());

const comments = (streamId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/comments${query}` });

async function liveShow() {
  const seller = await sellerWithToken(t);
  const stream = await createShow(t.app, t, seller.auth);
  const started = await post(t.app, `/api/streams/${stream._id}/start`, seller.auth);
  expect(started.statusCode, started.body).toBe(200);
  return { seller, stream };
}

describe('GET /api/streams/{id}/comments', () => {
  it('answers anyone the newest 50 comments and announcements, oldest first, with the ids the socket sent', async () => {
    const { seller, stream } = await liveShow();
    const other = await liveShow();
    const buyer = await buyerWithToken(t, 'Ada');

    // An earlier part of the show, straight in the table: 60 comments a second apart.
    const start = t.clock.now().getTime();
    await t.db.insert(streamComments).values(
      Array.from({ length: 60 }, (_, i) => ({
        streamId: stream._id,
        kind: 'comment' as const,
        authorKind: 'buyer' as const,
        authorId: buyer.buyer.id,
        authorName: 'Ada',
        content: `comment ${i + 1}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    await t.db.insert(streamComments).values({
      streamId: other.stream._id,
      kind: 'comment',
      authorKind: 'buyer',
      authorId: buyer.buyer.id,
      authorName: 'Ada',
      content: 'another show',
      createdAt: new Date(start + 61_000),
    });

    // Then one comment and one announcement over the socket, as a watch page and the studio send them.
    t.clock.advance(120_000);
    const buyerSocket = openSocket(url, buyer.token, sockets);
    const studio = openSocket(url, seller.token, sockets);
    await Promise.all([connected(buyerSocket), connected(studio)]);
    expect(await emitAck(studio, streamSocketEvents.subscribe, { streamId: stream._id })).toEqual({
      ok: true,
    });
    const commented = nextEvent<StreamNotification>(
      studio,
      streamSocketEvents.notification,
      (n) => n.type === 'stream_comment',
    );
    expect(
      await emitAck(buyerSocket, streamSocketEvents.comment, {
        streamId: stream._id,
        content: ' How much? ',
      }),
    ).toEqual({ ok: true });
    const comment = await commented;
    t.clock.advance(1000);
    const announced = nextEvent<StreamNotification>(
      studio,
      streamSocketEvents.notification,
      (n) => n.type === 'stream_announcement',
    );
    expect(
      await emitAck(studio, streamSocketEvents.announcement, {
        streamId: stream._id,
        content: '₦5,000 today',
      }),
    ).toEqual({ ok: true });
    const announcement = await announced;

    // No token: the watch page of someone who has not logged in reads them too.
    const res = await comments(stream._id);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().comments as StreamComment[];
    expect(list).toHaveLength(50);
    expect(list.map((c) => c.content)).toEqual([
      ...Array.from({ length: 48 }, (_, i) => `comment ${i + 13}`),
      'How much?',
      '₦5,000 today',
    ]);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      kind: 'comment',
      author: { _id: buyer.buyer.id, name: 'Ada', role: 'buyer' },
      content: 'comment 13',
      createdAt: new Date(start + 12_000).toISOString(),
    });
    expect(list.at(-2)).toMatchObject({
      _id: comment.type === 'stream_comment' ? comment.data.comment._id : '',
      kind: 'comment',
      author: { _id: buyer.buyer.id, name: 'Ada', role: 'buyer' },
    });
    expect(list.at(-1)).toEqual({
      _id: announcement.type === 'stream_announcement' ? announcement.data.announcement._id : '',
      kind: 'announcement',
      author: { _id: seller.seller.id, name: seller.seller.storeName, role: 'seller' },
      content: '₦5,000 today',
      createdAt: t.clock.now().toISOString(),
    });

    const lastTwo = await comments(stream._id, '?limit=2');
    expect((lastTwo.json().comments as StreamComment[]).map((c) => c.content)).toEqual([
      'How much?',
      '₦5,000 today',
    ]);
  });

  it('answers an empty list for a show nobody has written in yet, and 404 for an unknown show', async () => {
    const { stream } = await liveShow();
    expect((await comments(stream._id)).json()).toEqual({ comments: [] });

    const unknown = await comments('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Stream not found');
    expect((await comments('not-a-stream')).statusCode).toBe(400);
  });

  it('refuses a limit outside 1–100', async () => {
    const { stream } = await liveShow();
    for (const limit of ['0', '101', 'ten']) {
      expect((await comments(stream._id, `?limit=${limit}`)).statusCode).toBe(400);
    }
    expect((await comments(stream._id, '?limit=100')).statusCode).toBe(200);
  });
});
