// size: one test per rule of issue 21 (remove, mute, pin, muted words, slow mode, co-host) and their BOLA cases, with the sockets they need
// Issue 21, the seller's command of the room: moderators, muted words, slow mode, pinned comments, co-hosts.
import {
  type CommentPinnedEvent,
  type CommentRemovedEvent,
  commentPinnedEvent,
  commentRemovedEvent,
  MODERATION_MESSAGES,
  type MutedEvent,
  moderationSocketEvents,
  mutedEvent,
  type RoomStateResponse,
  type SlowModeEvent,
  type StreamComment,
  type StreamNotification,
  slowModeEvent,
  streamSocketEvents,
} from '@kasuwa/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  collect,
  createShow,
  emitAck,
  listen,
  liveShowOf,
  nextEvent,
  notificationOf,
  openSocket,
  post,
  subscribe,
} from '@/test/live.ts';
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

type Auth = { authorization: string };
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, auth: Auth | null, payload?: object) =>
  t.app.inject({ method, url: path, headers: auth ?? {}, ...(payload ? { payload } : {}) });

async function liveShow() {
  const seller = await sellerWithToken(t);
  const stream = await createShow(t.app, t, seller.auth);
  const started = await post(t.app, `/api/streams/${stream._id}/start`, seller.auth);
  expect(started.statusCode, started.body).toBe(200);
  return { seller, stream };
}

/** A connected buyer socket subscribed to the show. */
async function viewer(streamId: string, name: string) {
  const buyer = await buyerWithToken(t, name);
  const socket = openSocket(url, buyer.token, sockets);
  expect(await subscribe(socket, streamId)).toEqual({ ok: true });
  return { ...buyer, socket };
}

/** Sends a comment and answers the ack and the stored comment's id (as the room heard it). */
async function comment(from: Socket, listener: Socket, streamId: string, content: string) {
  const heard = nextEvent<StreamNotification>(listener, streamSocketEvents.notification, (n) => {
    return n.type === 'stream_comment' && n.content === content;
  });
  const ack = await emitAck(from, streamSocketEvents.comment, { streamId, content });
  expect(ack).toEqual({ ok: true });
  const n = await heard;
  if (n.type !== 'stream_comment') throw new Error('not a comment');
  return n.data.comment._id;
}

const moderate = (socket: Socket, payload: object) =>
  emitAck(socket, moderationSocketEvents.moderate, payload);

const comments = async (streamId: string, auth: Auth | null = null) => {
  const res = await req('GET', `/api/streams/${streamId}/comments`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { comments: StreamComment[] }).comments;
};

const room = async (streamId: string, auth: Auth | null = null) => {
  const res = await req('GET', `/api/streams/${streamId}/room`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RoomStateResponse;
};

const nameModerator = async (seller: Auth, buyerId: string) => {
  const res = await req('POST', '/api/live/moderators', seller, { buyerId });
  expect(res.statusCode, res.body).toBe(200);
};

describe('moderators of a store', () => {
  it('are named, listed and removed by the seller; another seller’s list is their own', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    await nameModerator(a.auth, ada.buyer.id);
    const again = await req('POST', '/api/live/moderators', a.auth, { buyerId: ada.buyer.id });
    expect(again.json().message).toBe('Ada is already a moderator');

    const list = await req('GET', '/api/live/moderation', a.auth);
    expect(list.json()).toEqual({
      moderators: [{ buyerId: ada.buyer.id, name: 'Ada', addedAt: expect.any(String) }],
      mutedWords: [],
    });
    // Seller B sees none of A's moderators, and removing Ada from B's store leaves A's alone.
    expect((await req('GET', '/api/live/moderation', b.auth)).json().moderators).toEqual([]);
    expect((await req('DELETE', `/api/live/moderators/${ada.buyer.id}`, b.auth)).statusCode).toBe(200);
    expect((await req('GET', '/api/live/moderation', a.auth)).json().moderators).toHaveLength(1);

    const unknown = await req('POST', '/api/live/moderators', a.auth, {
      buyerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    // A buyer (even the moderator) and nobody cannot change the list.
    expect((await req('POST', '/api/live/moderators', ada.auth, { buyerId: ada.buyer.id })).statusCode).toBe(
      401,
    );
    expect((await req('GET', '/api/live/moderation', null)).statusCode).toBe(401);

    const removed = await req('DELETE', `/api/live/moderators/${ada.buyer.id}`, a.auth);
    expect(removed.json()).toEqual({ message: 'Moderator removed', moderators: [] });
  });
});

describe('chat_moderate: remove, mute, pin', () => {
  it('a moderator removes a comment and every viewer loses it; it is gone for anyone who (re)joins', async () => {
    const { seller, stream } = await liveShow();
    const mod = await viewer(stream._id, 'Mo Moderator');
    const chika = await viewer(stream._id, 'Chika');
    const dayo = await viewer(stream._id, 'Dayo');
    await nameModerator(seller.auth, mod.buyer.id);
    expect((await room(stream._id, mod.auth)).you).toEqual({ moderator: true, muted: false });
    expect((await room(stream._id, chika.auth)).you).toEqual({ moderator: false, muted: false });

    const id = await comment(chika.socket, dayo.socket, stream._id, 'Buy my followers at spam.example');
    const removedForChika = nextEvent<CommentRemovedEvent>(
      chika.socket,
      moderationSocketEvents.commentRemoved,
    );
    const removedForDayo = nextEvent<CommentRemovedEvent>(dayo.socket, moderationSocketEvents.commentRemoved);
    expect(await moderate(mod.socket, { action: 'remove', streamId: stream._id, commentId: id })).toEqual({
      ok: true,
    });
    for (const event of [await removedForChika, await removedForDayo]) {
      expect(commentRemovedEvent.parse(event)).toEqual({ streamId: stream._id, commentId: id });
    }
    expect((await comments(stream._id)).map((c) => c._id)).not.toContain(id);
    expect(await moderate(mod.socket, { action: 'remove', streamId: stream._id, commentId: id })).toEqual({
      ok: false,
      message: 'That comment is no longer there',
    });
  });

  it('a buyer who is not a moderator, a moderator of another store and another seller have no power', async () => {
    const { seller, stream } = await liveShow();
    const other = await liveShow();
    const chika = await viewer(stream._id, 'Chika');
    const dayo = await viewer(stream._id, 'Dayo');
    // Mo moderates store B only.
    const mo = await viewer(stream._id, 'Mo');
    await nameModerator(other.seller.auth, mo.buyer.id);
    const sellerB = openSocket(url, other.seller.token, sockets);
    expect(await subscribe(sellerB, stream._id)).toEqual({ ok: true });

    const id = await comment(chika.socket, dayo.socket, stream._id, 'Hello');
    const removed = collect<CommentRemovedEvent>(chika.socket, moderationSocketEvents.commentRemoved);
    for (const intruder of [dayo.socket, mo.socket, sellerB]) {
      for (const action of [
        { action: 'remove', streamId: stream._id, commentId: id },
        { action: 'mute', streamId: stream._id, buyerId: chika.buyer.id },
        { action: 'pin', streamId: stream._id, commentId: id },
        { action: 'unpin', streamId: stream._id },
      ]) {
        expect(await moderate(intruder, action)).toEqual({
          ok: false,
          message: MODERATION_MESSAGES.notModerator,
        });
      }
    }
    // Still there, unmuted, unpinned.
    expect((await comments(stream._id)).map((c) => c._id)).toContain(id);
    expect(await room(stream._id, chika.auth)).toMatchObject({ pinnedComment: null, you: { muted: false } });
    expect(removed).toEqual([]);
    // An anonymous viewer cannot either; a malformed action is refused with the contract's message.
    const anon = openSocket(url, undefined, sockets);
    expect(await subscribe(anon, stream._id)).toEqual({ ok: true });
    expect((await moderate(anon, { action: 'unpin', streamId: stream._id })).ok).toBe(false);
    const owner = openSocket(url, seller.token, sockets);
    expect(await subscribe(owner, stream._id)).toEqual({ ok: true });
    expect(await moderate(owner, { action: 'remove', streamId: stream._id, commentId: 'nope' })).toEqual({
      ok: false,
      message: 'Comment not found',
    });
    expect((await moderate(owner, { action: 'explode', streamId: stream._id })).ok).toBe(false);
  });

  it('a muted viewer’s comments are refused with the reason, for this show only; the seller unmutes', async () => {
    const { seller, stream } = await liveShow();
    const other = await liveShow();
    const mod = await viewer(stream._id, 'Mo');
    const chika = await viewer(stream._id, 'Chika');
    await nameModerator(seller.auth, mod.buyer.id);
    await chika.socket
      .timeout(5000)
      .emitWithAck(streamSocketEvents.subscribe, { streamId: other.stream._id });

    const told = nextEvent<MutedEvent>(chika.socket, moderationSocketEvents.muted);
    expect(
      await moderate(mod.socket, { action: 'mute', streamId: stream._id, buyerId: chika.buyer.id }),
    ).toEqual({
      ok: true,
    });
    expect(mutedEvent.parse(await told)).toEqual({ streamId: stream._id, muted: true });
    expect(
      await emitAck(chika.socket, streamSocketEvents.comment, { streamId: stream._id, content: 'hi' }),
    ).toEqual({
      ok: false,
      message: MODERATION_MESSAGES.muted,
    });
    expect((await room(stream._id, chika.auth)).you).toEqual({ moderator: false, muted: true });
    // Another show of another store: not muted there.
    expect(
      await emitAck(chika.socket, streamSocketEvents.comment, { streamId: other.stream._id, content: 'hi' }),
    ).toEqual({ ok: true });
    // A moderator cannot mute another moderator, nor themselves; the seller can.
    const mod2 = await viewer(stream._id, 'Mo Two');
    await nameModerator(seller.auth, mod2.buyer.id);
    expect(
      await moderate(mod.socket, { action: 'mute', streamId: stream._id, buyerId: mod2.buyer.id }),
    ).toEqual({
      ok: false,
      message: 'Only the seller can mute a moderator',
    });
    expect(
      (await moderate(mod.socket, { action: 'mute', streamId: stream._id, buyerId: mod.buyer.id })).ok,
    ).toBe(false);

    const studio = openSocket(url, seller.token, sockets);
    expect(await subscribe(studio, stream._id)).toEqual({ ok: true });
    expect(
      await moderate(studio, { action: 'unmute', streamId: stream._id, buyerId: chika.buyer.id }),
    ).toEqual({
      ok: true,
    });
    expect(
      await emitAck(chika.socket, streamSocketEvents.comment, { streamId: stream._id, content: 'back' }),
    ).toEqual({ ok: true });
    const settings = await req('GET', `/api/streams/${stream._id}/moderation`, seller.auth);
    expect(settings.json().muted).toEqual([]);
  });

  it('a pinned comment reaches every viewer and the room; removing it unpins it', async () => {
    const { seller, stream } = await liveShow();
    const mod = await viewer(stream._id, 'Mo');
    const chika = await viewer(stream._id, 'Chika');
    await nameModerator(seller.auth, mod.buyer.id);
    const id = await comment(chika.socket, mod.socket, stream._id, 'Is delivery to Ibadan free?');

    const pinned = nextEvent<CommentPinnedEvent>(chika.socket, moderationSocketEvents.commentPinned);
    expect(await moderate(mod.socket, { action: 'pin', streamId: stream._id, commentId: id })).toEqual({
      ok: true,
    });
    const event = commentPinnedEvent.parse(await pinned);
    expect(event.comment).toMatchObject({
      _id: id,
      content: 'Is delivery to Ibadan free?',
      author: { name: 'Chika' },
    });
    expect((await room(stream._id)).pinnedComment?._id).toBe(id);

    const unpinned = nextEvent<CommentPinnedEvent>(chika.socket, moderationSocketEvents.commentPinned);
    const studio = openSocket(url, seller.token, sockets);
    expect(await subscribe(studio, stream._id)).toEqual({ ok: true });
    expect(await moderate(studio, { action: 'remove', streamId: stream._id, commentId: id })).toEqual({
      ok: true,
    });
    expect((await unpinned).comment).toBeNull();
    expect((await room(stream._id)).pinnedComment).toBeNull();
  });
});

describe('muted words', () => {
  it('hide a comment from everyone but its sender, who sees it as sent', async () => {
    const { seller, stream } = await liveShow();
    const saved = await req('PUT', '/api/live/muted-words', seller.auth, {
      words: ['scam', 'SCAM', 'whatsapp me'],
    });
    expect(saved.json()).toEqual({ message: 'Muted words saved', mutedWords: ['scam', 'whatsapp me'] });
    const chika = await viewer(stream._id, 'Chika');
    const dayo = await viewer(stream._id, 'Dayo');
    const studio = openSocket(url, seller.token, sockets);
    expect(await subscribe(studio, stream._id)).toEqual({ ok: true });
    const dayoHeard = collect<StreamNotification>(dayo.socket, streamSocketEvents.notification);
    const studioHeard = collect<StreamNotification>(studio, streamSocketEvents.notification);

    const own = nextEvent<StreamNotification>(
      chika.socket,
      streamSocketEvents.notification,
      notificationOf(stream._id, 'stream_comment'),
    );
    expect(
      await emitAck(chika.socket, streamSocketEvents.comment, {
        streamId: stream._id,
        content: 'This is a SCAM!',
      }),
    ).toEqual({ ok: true });
    expect((await own).content).toBe('This is a SCAM!');
    t.clock.advance(1000);
    // "scammer" is not the word "scam"; a later comment arrives, the hidden one never did.
    const studioGot = nextEvent<StreamNotification>(studio, streamSocketEvents.notification, (n) =>
      n.content.startsWith('No scammer'),
    );
    await comment(chika.socket, dayo.socket, stream._id, 'No scammer here, WhatsApp is fine');
    await studioGot;
    expect(dayoHeard.map((n) => n.content)).toEqual(['No scammer here, WhatsApp is fine']);
    expect(studioHeard.map((n) => n.content)).toEqual(['No scammer here, WhatsApp is fine']);

    expect((await comments(stream._id)).map((c) => c.content)).toEqual(['No scammer here, WhatsApp is fine']);
    expect((await comments(stream._id, dayo.auth)).map((c) => c.content)).toEqual([
      'No scammer here, WhatsApp is fine',
    ]);
    expect((await comments(stream._id, chika.auth)).map((c) => c.content)).toEqual([
      'This is a SCAM!',
      'No scammer here, WhatsApp is fine',
    ]);
  });
});

describe('slow mode', () => {
  it('refuses a too-early comment with the seconds to wait; moderators and the seller are not slowed', async () => {
    const { seller, stream } = await liveShow();
    const other = await sellerWithToken(t);
    const chika = await viewer(stream._id, 'Chika');
    const mod = await viewer(stream._id, 'Mo');
    await nameModerator(seller.auth, mod.buyer.id);

    const told = nextEvent<SlowModeEvent>(chika.socket, moderationSocketEvents.slowMode);
    const set = await req('PUT', `/api/streams/${stream._id}/slow-mode`, seller.auth, { seconds: 30 });
    expect(set.json()).toEqual({ message: 'Slow mode: one comment per 30 s', slowModeSeconds: 30 });
    expect(slowModeEvent.parse(await told)).toEqual({ streamId: stream._id, seconds: 30 });
    expect((await room(stream._id)).slowModeSeconds).toBe(30);
    // Seller B cannot touch A's show.
    expect(
      (await req('PUT', `/api/streams/${stream._id}/slow-mode`, other.auth, { seconds: 0 })).statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', `/api/streams/${stream._id}/slow-mode`, chika.auth, { seconds: 0 })).statusCode,
    ).toBe(401);

    const say = (s: Socket, content: string) =>
      emitAck(s, streamSocketEvents.comment, { streamId: stream._id, content });
    expect(await say(chika.socket, 'first')).toEqual({ ok: true });
    expect(await say(chika.socket, 'second')).toEqual({
      ok: false,
      message: MODERATION_MESSAGES.slowMode(30),
    });
    t.clock.advance(10_000);
    expect(await say(chika.socket, 'second')).toEqual({
      ok: false,
      message: MODERATION_MESSAGES.slowMode(20),
    });
    expect(await say(mod.socket, 'mod one')).toEqual({ ok: true });
    expect(await say(mod.socket, 'mod two')).toEqual({ ok: true });
    t.clock.advance(20_000);
    expect(await say(chika.socket, 'second')).toEqual({ ok: true });
    expect(MODERATION_MESSAGES.slowMode(20)).toBe(
      'Slow mode is on. Wait 20 seconds before your next comment.',
    );
  });
});

describe('co-host', () => {
  it('runs the invited show’s product rail until the show ends; nobody uninvited can, and never the video or the end', async () => {
    const host = await liveShowOf(t);
    const cohost = await sellerWithToken(t);
    const stranger = await sellerWithToken(t);
    const buyer = await buyerWithToken(t);
    const streamId = host.stream._id;
    const [, second] = host.productIds as [string, string];

    // Nobody but the host invites; an unknown e-mail and the host's own are refused.
    expect(
      (await req('PUT', `/api/streams/${streamId}/cohost`, stranger.auth, { email: stranger.seller.email }))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', `/api/streams/${streamId}/cohost`, host.seller.auth, { email: 'nobody@example.ng' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await req('PUT', `/api/streams/${streamId}/cohost`, host.seller.auth, {
          email: host.seller.seller.email,
        })
      ).statusCode,
    ).toBe(400);

    const activate = (auth: Auth) =>
      req('POST', `/api/streams/${streamId}/cohost/activate-product-bidding`, auth, { productId: second });
    // Uninvited: as if the show did not exist.
    expect((await activate(cohost.auth)).statusCode).toBe(404);

    const invited = await req('PUT', `/api/streams/${streamId}/cohost`, host.seller.auth, {
      email: cohost.seller.email.toUpperCase(),
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().cohost).toEqual({
      sellerId: cohost.seller.id,
      storeName: cohost.seller.storeName,
      email: cohost.seller.email,
    });
    const list = await req('GET', '/api/live/cohosting', cohost.auth);
    expect(list.json().shows).toEqual([
      expect.objectContaining({ streamId, status: 'live', hostStoreName: host.seller.seller.storeName }),
    ]);
    expect((await req('GET', '/api/live/cohosting', stranger.auth)).json().shows).toEqual([]);

    const ok = await activate(cohost.auth);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().product.bidStatus).toBe('active');
    const pinned = await req('POST', `/api/streams/${streamId}/cohost/pin`, cohost.auth, {
      productId: second,
    });
    expect(pinned.json()).toEqual({ message: 'Product pinned', pinnedProductId: second });
    expect((await activate(stranger.auth)).statusCode).toBe(404);
    expect((await activate(buyer.auth)).statusCode).toBe(401);

    // Not the video, not the end, not the moderators or settings of the host.
    for (const path of ['end', 'join-seller', 'start']) {
      expect((await post(t.app, `/api/streams/${streamId}/${path}`, cohost.auth)).statusCode).toBe(404);
    }
    expect(
      (await req('PUT', `/api/streams/${streamId}/slow-mode`, cohost.auth, { seconds: 5 })).statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', `/api/streams/${streamId}/cohost`, cohost.auth, { email: stranger.seller.email }))
        .statusCode,
    ).toBe(404);
    expect((await req('GET', `/api/streams/${streamId}/moderation`, cohost.auth)).statusCode).toBe(404);

    // The show ends: so do the co-host's powers.
    expect((await post(t.app, `/api/streams/${streamId}/end`, host.seller.auth)).statusCode).toBe(200);
    const after = await activate(cohost.auth);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This show has ended. Co-hosting ended with it.');
    expect((await req('GET', '/api/live/cohosting', cohost.auth)).json().shows).toEqual([]);
  });
});
