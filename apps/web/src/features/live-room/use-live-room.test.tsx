// size: the live room hook's journeys over one fake socket and server: join, the read after the join, reconnection, frames, refusals and back-off
import {
  giveawaySocketEvents,
  type RoomStateResponse,
  type ShowGiveawaysResponse,
  type StreamCommentsResponse,
  type StreamDetailsResponse,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { useShowGiveaways } from '@/features/live-room/giveaways';
import {
  openLiveSocket,
  SUBSCRIBE_RETRY_MAX_MS,
  sendStreamMessage,
  subscribeRetryDelay,
} from '@/features/live-room/live-socket';
import { useRoomModeration } from '@/features/live-room/room-moderation';
import { useLiveRoom } from '@/features/live-room/use-live-room';
import { createApiClient } from '@/lib/api-client';
import { fakeFetch } from '@/test/fake-api';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { testGiveaway } from '@/test/giveaway-fixtures';
import { ANKARA_ID, STREAM_ID, testStream, testStreamProduct } from '@/test/live-fixtures';

const buyer = { _id: 'buyer-1', name: 'Chioma' };

function newBid(amount: number, bidsCount: number) {
  return {
    type: 'new_bid',
    timestamp: Date.now(),
    content: `Chioma bid ₦${amount}`,
    data: {
      streamId: STREAM_ID,
      product: { product: { productId: ANKARA_ID } },
      bidAmount: amount,
      currentBidder: buyer,
      endsAt: new Date(Date.now() + 20_000).toISOString(),
      minimumNextBid: amount + 100,
      bidsCount,
    },
  };
}

/**
 * `hold`: each read of the room rules or the giveaways takes the state when asked and answers when
 * let go (`releaseReads`).
 */
function setup({ hold = [] as ('room' | 'giveaways')[] } = {}) {
  const log: string[] = [];
  const held: (() => void)[] = [];
  const answerWhenLetGo = <T,>(what: 'room' | 'giveaways', answer: T): T | Promise<T> =>
    hold.includes(what) ? new Promise<T>((resolve) => held.push(() => resolve(answer))) : answer;
  const socket = new FakeLiveSocket(log);
  let serverStream = testStream({
    status: 'live',
    products: [
      testStreamProduct({ bidStatus: 'active', endsAt: new Date(Date.now() + 30_000).toISOString() }),
    ],
  });
  let storedGiveaways: ShowGiveawaysResponse['giveaways'] = [];
  let slowModeSeconds = 0;
  let storedComments: StreamCommentsResponse['comments'] = [
    {
      _id: 'c0',
      kind: 'comment',
      author: { _id: 'buyer-1', name: 'Chioma', role: 'buyer' },
      content: 'Good evening!',
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    },
  ];
  const { fetch, calls } = fakeFetch({
    [`GET /streams/${STREAM_ID}`]: () => {
      log.push('GET stream');
      return { body: { stream: serverStream } satisfies StreamDetailsResponse };
    },
    [`GET /streams/${STREAM_ID}/comments`]: () => {
      log.push('GET comments');
      return { body: { comments: storedComments } satisfies StreamCommentsResponse };
    },
    [`GET /streams/${STREAM_ID}/room`]: () => {
      log.push('GET room');
      return answerWhenLetGo('room', {
        body: { slowModeSeconds, pinnedComment: null, you: null } satisfies RoomStateResponse,
      });
    },
    [`GET /streams/${STREAM_ID}/giveaways`]: () => {
      log.push('GET giveaways');
      return answerWhenLetGo('giveaways', {
        body: { giveaways: storedGiveaways } satisfies ShowGiveawaysResponse,
      });
    },
  });
  const api = createApiClient({ fetch, getToken: () => 'seller-token' });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      const room = useLiveRoom({
        streamId: STREAM_ID,
        getToken: () => 'seller-token',
        sellerId: 'seller-1',
        api,
        connect: async () => socket,
      });
      // The watch page's giveaway card reads the show's giveaways beside the room.
      const giveaways = useShowGiveaways({ api, streamId: STREAM_ID, socket: room.socket });
      const rules = useRoomModeration({ api, streamId: STREAM_ID, socket: room.socket, viewer: 'seller' });
      return { ...room, giveaways, rules };
    },
    { wrapper },
  );
  return {
    ...view,
    socket,
    log,
    calls,
    setServerStream: (next: typeof serverStream) => {
      serverStream = next;
    },
    setStoredComments: (next: typeof storedComments) => {
      storedComments = next;
    },
    setStoredGiveaways: (next: typeof storedGiveaways) => {
      storedGiveaways = next;
    },
    setSlowMode: (seconds: number) => {
      slowModeSeconds = seconds;
    },
    releaseReads: () => {
      for (const answer of held.splice(0)) answer();
    },
  };
}

/** Connected, with the subscription not yet taken: the server answers it when a test says so. */
async function connectNotYetSubscribed(socket: FakeLiveSocket, result: ReturnType<typeof setup>['result']) {
  socket.answerAcks = null;
  await waitFor(() => expect(result.current.socket).not.toBeNull());
  act(() => {
    socket.connect();
  });
}

describe('useLiveRoom', () => {
  it('joins the seller room and subscribes to the show when connected, without a token on the stream fetch', async () => {
    const { socket, result, calls } = setup();
    await waitFor(() => expect(result.current.socket).not.toBeNull());
    act(() => {
      socket.connect();
    });

    expect(socket.emitted.slice(0, 2)).toEqual([
      { event: streamSocketEvents.join, payload: 'seller-1' },
      { event: streamSocketEvents.subscribe, payload: { streamId: STREAM_ID } },
    ]);
    await waitFor(() => expect(result.current.room.status).toBe('live'));
    expect(result.current.connected).toBe(true);
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('reads the show again once the server has taken its subscription, so a bid made before the join is shown', async () => {
    const { socket, result, log, setServerStream } = setup();
    await connectNotYetSubscribed(socket, result);
    await waitFor(() => expect(result.current.room.products[0]?.bidStatus).toBe('active'));
    expect(result.current.room.products[0]?.currentBid).not.toBe(5000);
    // A bid lands after the page's first read, before the socket is in the show's room: its event
    // never reaches this viewer.
    setServerStream(
      testStream({
        status: 'live',
        products: [
          testStreamProduct({
            bidStatus: 'active',
            endsAt: new Date(Date.now() + 30_000).toISOString(),
            currentBid: 5000,
            currentBidder: buyer,
            bidsCount: 1,
          }),
        ],
      }),
    );
    log.length = 0;
    await act(async () => {
      socket.answer(streamSocketEvents.subscribe, { ok: true });
    });
    await waitFor(() => expect(result.current.room.products[0]?.currentBid).toBe(5000));
    expect(log.sort()).toEqual(['GET comments', 'GET giveaways', 'GET room', 'GET stream']);
  });

  it('reads the giveaways again once subscribed, so one started before the join is shown', async () => {
    const { socket, result, setStoredGiveaways } = setup();
    await connectNotYetSubscribed(socket, result);
    await waitFor(() => expect(result.current.giveaways.query.isSuccess).toBe(true));
    expect(result.current.giveaways.running).toBeNull();
    // The seller starts one after the page's first read, before this socket is in the show's room:
    // its giveaway_started event never reaches this viewer.
    setStoredGiveaways([
      testGiveaway({
        status: 'running',
        startedAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 120_000).toISOString(),
      }),
    ]);
    await act(async () => {
      socket.answer(streamSocketEvents.subscribe, { ok: true });
    });
    await waitFor(() => expect(result.current.giveaways.running?.productName).toBe('Ankara gown'));
  });

  it('keeps a giveaway started while the giveaways were still being read (that read answers none)', async () => {
    const { socket, result, setStoredGiveaways, releaseReads } = setup({ hold: ['giveaways'] });
    await waitFor(() => expect(result.current.socket).not.toBeNull());
    act(() => {
      socket.connect();
    });
    await waitFor(() => expect(result.current.giveaways.query.isFetching).toBe(true));
    const running = testGiveaway({
      status: 'running',
      startedAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 120_000).toISOString(),
    });
    // The server keeps it, then tells the room, this socket in it.
    setStoredGiveaways([running]);
    act(() =>
      socket.serverSends(giveawaySocketEvents.started, {
        streamId: STREAM_ID,
        giveaway: running,
        timestamp: Date.now(),
      }),
    );
    await waitFor(() => {
      act(() => releaseReads());
      expect(result.current.giveaways.running?.productName).toBe('Ankara gown');
    });
    // And it stays: no read from before the start lands after.
    act(() => releaseReads());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.giveaways.running?.productName).toBe('Ankara gown');
  });

  it('reads the room rules again once subscribed, so slow mode turned on before the join applies', async () => {
    const { socket, result, setSlowMode } = setup();
    await connectNotYetSubscribed(socket, result);
    await waitFor(() => expect(result.current.room.status).toBe('live'));
    expect(result.current.rules.slowModeSeconds).toBe(0);
    setSlowMode(60); // its slow_mode event went to the room before this socket was in it
    await act(async () => {
      socket.answer(streamSocketEvents.subscribe, { ok: true });
    });
    await waitFor(() => expect(result.current.rules.slowModeSeconds).toBe(60));
  });

  it('reads the room rules again once subscribed even when the first read has not answered yet (it was asked before the join)', async () => {
    const { socket, result, setSlowMode, releaseReads } = setup({ hold: ['room'] });
    await connectNotYetSubscribed(socket, result);
    setSlowMode(60); // after the first read was asked, before the join: its event never reached this socket
    await act(async () => {
      socket.answer(streamSocketEvents.subscribe, { ok: true });
    });
    await waitFor(() => {
      act(() => releaseReads());
      expect(result.current.rules.slowModeSeconds).toBe(60);
    });
  });

  it('after a reconnection re-joins, re-subscribes, then fetches the show so nothing shown is stale', async () => {
    const { socket, result, log, setServerStream, setStoredComments } = setup();
    await waitFor(() => expect(result.current.socket).not.toBeNull());
    act(() => {
      socket.connect();
    });
    await waitFor(() => expect(result.current.room.products[0]?.bidStatus).toBe('active'));
    act(() => socket.serverSends(streamSocketEvents.notification, newBid(5000, 1)));
    // Socket events are drawn at the next frame, all that arrived meanwhile at once (issue 20).
    await waitFor(() => expect(result.current.room.products[0]?.currentBid).toBe(5000));

    act(() => socket.drop());
    expect(result.current.connected).toBe(false);
    // While the socket was away, the auction went on and closed: two more bids, sold.
    setServerStream(
      testStream({
        status: 'live',
        viewerCount: 4,
        products: [
          testStreamProduct({
            bidStatus: 'ended',
            outcome: 'sold',
            currentBid: 6000,
            currentBidder: buyer,
            bidsCount: 3,
            minimumNextBid: null,
          }),
        ],
      }),
    );
    setStoredComments([
      {
        _id: 'c2',
        kind: 'comment',
        author: { _id: 'buyer-2', name: 'Emeka', role: 'buyer' },
        content: 'Sent while you were away',
        createdAt: new Date().toISOString(),
      },
    ]);
    log.length = 0;
    act(() => {
      socket.connect();
    });

    await waitFor(() => expect(result.current.room.products[0]?.currentBid).toBe(6000));
    // Re-joined and re-subscribed first, then the show, its chat and its giveaways fetched again.
    expect(log.slice(0, 2)).toEqual([
      `emit ${streamSocketEvents.join}`,
      `emit ${streamSocketEvents.subscribe}`,
    ]);
    await waitFor(() =>
      expect(log.slice(2).sort()).toEqual(['GET comments', 'GET giveaways', 'GET room', 'GET stream']),
    );
    await waitFor(() =>
      expect(result.current.room.feed.flatMap((f) => (f.kind === 'comment' ? [f.content] : []))).toEqual([
        'Good evening!',
        'Sent while you were away',
      ]),
    );
    const product = result.current.room.products[0];
    expect(product?.bidStatus).toBe('ended');
    expect(product?.winner).toEqual({ bidAmount: 6000, buyer, orderId: null });
    expect(result.current.room.viewerCount).toBe(4);
  });

  it("follows the show's events and ignores those of other shows", async () => {
    const { socket, result } = setup();
    await waitFor(() => expect(result.current.socket).not.toBeNull());
    act(() => {
      socket.connect();
    });
    await waitFor(() => expect(result.current.room.products).toHaveLength(1));
    await waitFor(() => expect(result.current.room.feed).toHaveLength(1));

    act(() => {
      socket.serverSends(streamSocketEvents.viewerJoined, {
        streamId: STREAM_ID,
        viewerCount: 3,
        peakViewers: 3,
        timestamp: 1,
      });
      socket.serverSends(streamSocketEvents.viewerJoined, {
        streamId: 'another',
        viewerCount: 99,
        peakViewers: 99,
        timestamp: 2,
      });
      socket.serverSends(streamSocketEvents.bidTimerUpdate, {
        streamId: STREAM_ID,
        productId: ANKARA_ID,
        secondsLeft: 12,
        formattedTime: '00:12',
        timestamp: 3,
      });
      socket.serverSends(streamSocketEvents.notification, {
        type: 'stream_comment',
        timestamp: Date.now(),
        content: 'How much is shipping to Kano?',
        data: {
          streamId: STREAM_ID,
          comment: { _id: 'c1', author: { _id: buyer._id, name: 'Chioma', role: 'buyer' } },
        },
      });
    });

    // Drawn at the next frame, all four events in one go (issue 20).
    await waitFor(() => expect(result.current.room.viewerCount).toBe(3));
    expect(result.current.room.products[0]?.timer?.formattedTime).toBe('00:12');
    expect(result.current.room.feed.map((f) => f.kind === 'comment' && f.content)).toEqual([
      'Good evening!',
      'How much is shipping to Kano?',
    ]);
    // The same comment arriving again (stored and live) is listed once.
    act(() =>
      socket.serverSends(streamSocketEvents.notification, {
        type: 'stream_comment',
        timestamp: Date.now(),
        content: 'Good evening!',
        data: {
          streamId: STREAM_ID,
          comment: { _id: 'c0', author: { _id: buyer._id, name: 'Chioma', role: 'buyer' } },
        },
      }),
    );
    // Given a frame to be drawn, it is still listed once.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(result.current.room.feed).toHaveLength(2);
  });

  it('leaves the show and closes the socket on unmount', async () => {
    const { socket, result, unmount } = setup();
    await waitFor(() => expect(result.current.socket).not.toBeNull());
    act(() => {
      socket.connect();
    });
    unmount();
    expect(socket.eventsNamed(streamSocketEvents.unsubscribe)).toEqual([{ streamId: STREAM_ID }]);
    expect(socket.connected).toBe(false);
  });
});

describe('subscribing when the server is busy (issue 18)', () => {
  const busy = {
    ok: false,
    message: 'The database did not answer in time. Please try again in a moment.',
    retryAfterMs: 2000,
  };
  const subscribes = (socket: FakeLiveSocket) => socket.eventsNamed(streamSocketEvents.subscribe).length;

  it('subscribes again after the time the server asked, backing off, until it is let in', async () => {
    vi.useFakeTimers();
    try {
      const socket = new FakeLiveSocket();
      const answers: unknown[] = [busy, busy, { ok: true }];
      socket.answerAcks = (event) =>
        event === streamSocketEvents.subscribe ? answers.shift() : { ok: true };
      const connection = await openLiveSocket({
        streamId: STREAM_ID,
        getToken: () => null,
        connect: async () => socket,
      });
      socket.connect();
      await vi.advanceTimersByTimeAsync(999);
      expect(subscribes(socket)).toBe(1); // not before half of the 2 s asked
      await vi.advanceTimersByTimeAsync(2001);
      expect(subscribes(socket)).toBe(2);
      await vi.advanceTimersByTimeAsync(6000); // refused twice: 4 s ± 50%
      expect(subscribes(socket)).toBe(3);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(subscribes(socket)).toBe(3); // let in: nothing more
      connection.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not try again after a refusal that stands, after a drop, or once the page left', async () => {
    vi.useFakeTimers();
    try {
      const refusedForGood = new FakeLiveSocket();
      refusedForGood.answerAcks = () => ({ ok: false, message: 'Stream not found' });
      await openLiveSocket({
        streamId: STREAM_ID,
        getToken: () => null,
        connect: async () => refusedForGood,
      });
      refusedForGood.connect();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(subscribes(refusedForGood)).toBe(1);

      const dropped = new FakeLiveSocket();
      dropped.answerAcks = () => busy;
      await openLiveSocket({ streamId: STREAM_ID, getToken: () => null, connect: async () => dropped });
      dropped.connect();
      await vi.advanceTimersByTimeAsync(0);
      dropped.drop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(subscribes(dropped)).toBe(1);

      const left = new FakeLiveSocket();
      left.answerAcks = () => busy;
      const connection = await openLiveSocket({
        streamId: STREAM_ID,
        getToken: () => null,
        connect: async () => left,
      });
      left.connect();
      await vi.advanceTimersByTimeAsync(0);
      connection.close();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(subscribes(left)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('spreads a refused crowd over time and never waits more than 30 s', () => {
    expect(subscribeRetryDelay(2000, 1, () => 0)).toBe(1000);
    expect(subscribeRetryDelay(2000, 1, () => 0.999)).toBe(2998);
    expect(subscribeRetryDelay(2000, 3, () => 0.5)).toBe(8000);
    expect(subscribeRetryDelay(2000, 50, () => 0.999)).toBe(SUBSCRIBE_RETRY_MAX_MS);
  });
});

describe('sendStreamMessage (SPEC section 5)', () => {
  it('sends nothing without a socket, a stream id or text once trimmed', () => {
    const socket = new FakeLiveSocket();
    expect(sendStreamMessage(null, STREAM_ID, 'Hello', 'comment')).toBeNull();
    expect(sendStreamMessage(socket, '', 'Hello', 'comment')).toBeNull();
    expect(sendStreamMessage(socket, STREAM_ID, '   \n ', 'announcement')).toBeNull();
    expect(socket.emitted).toEqual([]);
  });

  it('trims the text before sending and reports the server verdict', async () => {
    const socket = new FakeLiveSocket();
    socket.answerAcks = (event) =>
      event === streamSocketEvents.announcement
        ? { ok: false, message: 'Only the seller can announce' }
        : { ok: true };
    await expect(
      sendStreamMessage(socket, STREAM_ID, '  Free delivery in Lagos!  ', 'comment'),
    ).resolves.toEqual({ ok: true });
    await expect(sendStreamMessage(socket, STREAM_ID, 'Last call', 'announcement')).resolves.toEqual({
      ok: false,
      message: 'Only the seller can announce',
    });
    expect(socket.emitted).toEqual([
      {
        event: streamSocketEvents.comment,
        payload: { streamId: STREAM_ID, content: 'Free delivery in Lagos!' },
      },
      { event: streamSocketEvents.announcement, payload: { streamId: STREAM_ID, content: 'Last call' } },
    ]);
  });
});
