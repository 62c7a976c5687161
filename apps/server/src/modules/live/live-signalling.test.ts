// WebRTC signalling over a show's sockets: relayed between the show's seller and its viewers only.
import { streamSocketEvents, webrtcSocketEvents } from '@kasuwa/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  claimStudio,
  connected,
  emitAck,
  listen,
  liveShowOf,
  nextEvent,
  openSocket,
  subscribe,
} from '@/test/live.ts';
import { roundTrip } from '@/test/round-trip.ts';
import { waitFor } from '@/test/wait-for.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

const open = (url: string, token?: string) => openSocket(url, token, sockets);
describe('WebRTC signalling on live sockets', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  const liveShow = () => liveShowOf(t);

  it('relays WebRTC signalling between the show’s seller and its viewers only', async () => {
    const { seller, stream } = await liveShow();
    const studio = open(url, seller.token);
    await connected(studio);
    expect(await claimStudio(studio, stream._id)).toEqual({ ok: true });
    const viewer = open(url);
    const intruder = open(url);
    await Promise.all([connected(viewer), connected(intruder)]);

    const asked = nextEvent<{ streamId: string; viewerId: string }>(studio, webrtcSocketEvents.viewer);
    expect(await emitAck(viewer, webrtcSocketEvents.watch, { streamId: stream._id })).toEqual({ ok: true });
    expect(await asked).toEqual({ streamId: stream._id, viewerId: viewer.id });

    const offer = nextEvent<{ from: string; description: { type: string } }>(
      viewer,
      webrtcSocketEvents.signal,
    );
    await emitAck(studio, webrtcSocketEvents.signal, {
      streamId: stream._id,
      to: viewer.id,
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(await offer).toMatchObject({ from: studio.id, description: { type: 'offer' } });

    const answer = nextEvent<{ from: string }>(studio, webrtcSocketEvents.signal);
    await emitAck(viewer, webrtcSocketEvents.signal, {
      streamId: stream._id,
      to: studio.id,
      description: { type: 'answer', sdp: 'v=0' },
    });
    expect((await answer).from).toBe(viewer.id);

    expect(
      await emitAck(intruder, webrtcSocketEvents.signal, {
        streamId: stream._id,
        to: viewer.id,
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host' },
      }),
    ).toEqual({ ok: false, message: 'Unknown peer' });

    const gone = nextEvent<{ viewerId: string }>(studio, webrtcSocketEvents.viewerLeft);
    const viewerId = viewer.id;
    viewer.close();
    expect((await gone).viewerId).toBe(viewerId);
  });

  it('lets a show’s seller signal only sockets that asked to watch that show, and viewers only that seller', async () => {
    const a = await liveShow();
    const b = await liveShow();
    const studioA = open(url, a.seller.token);
    const studioB = open(url, b.seller.token);
    // Subscribed to show A's room (comments, bids) but never asked for its video.
    const chatOnly = open(url);
    const watcherA = open(url);
    const watcherB = open(url);
    await Promise.all([studioA, studioB, watcherA, watcherB].map(connected));
    expect(await claimStudio(studioA, a.stream._id)).toEqual({ ok: true });
    expect(await claimStudio(studioB, b.stream._id)).toEqual({ ok: true });
    await subscribe(chatOnly, a.stream._id);
    expect(await emitAck(watcherA, webrtcSocketEvents.watch, { streamId: a.stream._id })).toEqual({
      ok: true,
    });
    expect(await emitAck(watcherB, webrtcSocketEvents.watch, { streamId: b.stream._id })).toEqual({
      ok: true,
    });

    const delivered: { to: string; from?: string }[] = [];
    for (const s of [studioA, studioB, chatOnly, watcherA, watcherB]) {
      s.on(webrtcSocketEvents.signal, (e: { from?: string }) => delivered.push({ to: s.id ?? '', ...e }));
    }
    const offer = (to: Socket) => ({
      streamId: a.stream._id,
      to: to.id,
      description: { type: 'offer', sdp: 'v=0' },
    });
    const unknownPeer = { ok: false, message: 'Unknown peer' };

    // Seller A: not to a socket that only chats, nor to one watching another show.
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(chatOnly))).toEqual(unknownPeer);
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(watcherB))).toEqual(unknownPeer);
    // Seller B cannot use show A to reach A's watcher.
    expect(await emitAck(studioB, webrtcSocketEvents.signal, offer(watcherA))).toEqual(unknownPeer);
    // A viewer must be watching show A, and may reach only A's seller.
    expect(
      await emitAck(chatOnly, webrtcSocketEvents.signal, { ...offer(studioA), description: undefined }),
    ).toEqual(unknownPeer);
    const answerTo = (to: Socket) => ({
      streamId: a.stream._id,
      to: to.id,
      description: { type: 'answer', sdp: 'v=0' },
    });
    expect(await emitAck(watcherA, webrtcSocketEvents.signal, answerTo(studioB))).toEqual(unknownPeer);
    expect(await emitAck(watcherA, webrtcSocketEvents.signal, answerTo(watcherB))).toEqual(unknownPeer);

    // The pair that belongs together still talks.
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(watcherA))).toEqual({ ok: true });
    expect(await emitAck(watcherA, webrtcSocketEvents.signal, answerTo(studioA))).toEqual({ ok: true });
    await waitFor(() => delivered.length >= 2);

    // Once the viewer leaves the show, its seller can no longer reach it.
    await emitAck(watcherA, streamSocketEvents.unsubscribe, { streamId: a.stream._id });
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(watcherA))).toEqual(unknownPeer);

    // The server relays a signal before it answers the sender, so each socket's own answer comes
    // after any signal relayed to it.
    await Promise.all([studioA, studioB, chatOnly, watcherA, watcherB].map(roundTrip));
    expect(delivered).toEqual([
      {
        to: watcherA.id,
        from: studioA.id,
        streamId: a.stream._id,
        description: { type: 'offer', sdp: 'v=0' },
      },
      {
        to: studioA.id,
        from: watcherA.id,
        streamId: a.stream._id,
        description: { type: 'answer', sdp: 'v=0' },
      },
    ]);
  });
});
