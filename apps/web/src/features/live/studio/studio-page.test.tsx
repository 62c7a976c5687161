import {
  STUDIO_OPEN_ELSEWHERE,
  type Stream,
  type StreamProduct,
  streamSocketEvents,
  studioSocketEvents,
} from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { GO_LIVE_ON_ARRIVAL } from '@/features/live/studio/go-live-on-arrival';
import { StudioPage } from '@/features/live/studio/studio-page';
import type { VideoProviderClient } from '@/features/live-room/video/video-provider';
import { createApiClient } from '@/lib/api-client';
import { type FakeAnswer, fakeFetch, type RecordedCall, storeTestSession } from '@/test/fake-api';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { fakeMediaDevices } from '@/test/fake-media';
import { ANKARA_ID, STREAM_ID, testStream, testStreamProduct } from '@/test/live-fixtures';

const studioPath = `/dashboard/live-streams/live-stream-studio/${STREAM_ID}`;
const chioma = { _id: 'buyer-1', name: 'Chioma' };

afterEach(() => {
  vi.useRealTimers();
});

type Handlers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;

function renderStudio(
  options: { stream?: Stream; handlers?: Handlers; failWith?: string; state?: unknown } = {},
) {
  storeTestSession();
  let current = options.stream ?? testStream();
  const socket = new FakeLiveSocket();
  const { fetch, calls } = fakeFetch({
    [`GET /streams/${STREAM_ID}`]: () => ({ body: { stream: current } }),
    ...options.handlers,
  });
  const api = createApiClient({ fetch });
  const media = fakeMediaDevices(undefined, options.failWith);
  const publish = vi.fn<VideoProviderClient['publish']>(async () => ({
    stop: vi.fn(),
    replaceStream: vi.fn(async () => {}),
  }));
  const provider: VideoProviderClient = { name: 'local', publish, watch: vi.fn() };
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/live-streams/live-stream-studio/:id',
        element: (
          <StudioPage
            streamId={STREAM_ID}
            sellerId="seller-1"
            api={api}
            connect={async () => socket}
            mediaDevices={media.mediaDevices}
            loadProvider={async () => provider}
          />
        ),
      },
      { path: '/dashboard/live-streams/past-shows', element: <h1>Past shows page</h1> },
    ],
    { initialEntries: [{ pathname: studioPath, state: options.state ?? null }] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    ...view,
    socket,
    calls,
    publish,
    router,
    setServerStream: (next: Stream) => {
      current = next;
    },
    /** The socket's handshake completes. */
    connect: () => act(() => void socket.connect()),
  };
}

const liveStream = (products?: StreamProduct[]) =>
  testStream({
    status: 'live',
    actualStartTime: new Date(Date.now() - 65_000).toISOString(),
    ...(products ? { products } : {}),
  });

describe('Studio: camera', () => {
  it('explains a refused camera permission and keeps Go Live off until it is allowed', async () => {
    renderStudio({ failWith: 'NotAllowedError' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveProperty('textContent', expect.stringContaining('Camera and microphone are blocked'));
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Live' })).toHaveProperty('disabled', true);
  });

  it('says so when there is no camera', async () => {
    renderStudio({ failWith: 'NotFoundError' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('No camera found'),
    );
  });

  it('mutes the microphone and turns the camera off by disabling their tracks', async () => {
    const user = userEvent.setup();
    renderStudio();
    const video = (await screen.findByLabelText('Camera preview')) as HTMLVideoElement;
    await waitFor(() => expect(video.srcObject).not.toBeNull());
    const media = video.srcObject as MediaStream;

    await user.click(screen.getByRole('button', { name: 'Mute microphone' }));
    await user.click(screen.getByRole('button', { name: 'Turn camera off' }));

    expect(media.getAudioTracks()[0]?.enabled).toBe(false);
    expect(media.getVideoTracks()[0]?.enabled).toBe(false);
    expect(screen.getByText('Camera is off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unmute microphone' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});

describe('Studio: going live and ending', () => {
  it('starts a scheduled show, joins as its seller and publishes the camera', async () => {
    const user = userEvent.setup();
    const joined = liveStream();
    const { calls, publish, connect } = renderStudio({
      handlers: {
        [`POST /streams/${STREAM_ID}/start`]: { body: { message: 'ok', stream: joined } },
        [`POST /streams/${STREAM_ID}/join-seller`]: {
          body: { message: 'ok', data: { stream: { ...joined, agoraToken: 'publisher' } } },
        },
      },
    });
    connect();
    const goLive = await screen.findByRole('button', { name: 'Go Live' });
    await waitFor(() => expect(goLive).toHaveProperty('disabled', false));
    await user.click(goLive);

    expect(await screen.findByText('Livestream started successfully')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([`/streams/${STREAM_ID}/start`, `/streams/${STREAM_ID}/join-seller`]);
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(publish.mock.calls[0]?.[0]).toMatchObject({ _id: STREAM_ID, agoraToken: 'publisher' });
    expect(screen.getByRole('button', { name: 'End Show' })).toBeTruthy();
    expect(screen.getByText('LIVE')).toBeTruthy();
  });

  it('goes live by itself when opened by "Submit and go live", once the camera runs', async () => {
    const joined = liveStream();
    const { calls, publish, connect, router } = renderStudio({
      state: GO_LIVE_ON_ARRIVAL,
      handlers: {
        [`POST /streams/${STREAM_ID}/start`]: { body: { message: 'ok', stream: joined } },
        [`POST /streams/${STREAM_ID}/join-seller`]: {
          body: { message: 'ok', data: { stream: { ...joined, agoraToken: 'publisher' } } },
        },
      },
    });
    connect();
    expect(await screen.findByText('Livestream started successfully')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([`/streams/${STREAM_ID}/start`, `/streams/${STREAM_ID}/join-seller`]);
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(screen.getByText('LIVE')).toBeTruthy();
    // Consumed: coming back to this entry does not start anything again.
    expect(router.state.location.state).toBeNull();
  });

  it('waits for Go Live when opened any other way', async () => {
    const { calls, connect } = renderStudio();
    connect();
    const goLive = await screen.findByRole('button', { name: 'Go Live' });
    await waitFor(() => expect(goLive).toHaveProperty('disabled', false));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByText('Not live yet')).toBeTruthy();
  });

  it("shows 'Error starting livestream' with the server's message", async () => {
    const user = userEvent.setup();
    const { publish } = renderStudio({
      handlers: {
        [`POST /streams/${STREAM_ID}/start`]: { status: 409, body: { message: 'This show has expired' } },
      },
    });
    const goLive = await screen.findByRole('button', { name: 'Go Live' });
    await waitFor(() => expect(goLive).toHaveProperty('disabled', false));
    await user.click(goLive);

    expect(await screen.findByText('Error starting livestream')).toBeTruthy();
    expect(screen.getByText('This show has expired')).toBeTruthy();
    expect(publish).not.toHaveBeenCalled();
  });

  it('ends the show after confirmation and goes to past shows', async () => {
    const user = userEvent.setup();
    const stream = liveStream();
    const { calls, connect } = renderStudio({
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: { body: { message: 'ok', data: { stream } } },
        [`POST /streams/${STREAM_ID}/end`]: {
          body: { message: 'ok', stream: { ...stream, status: 'ended' } },
        },
      },
    });
    connect();
    // A show already live: the studio rejoins it by itself.
    await user.click(await screen.findByRole('button', { name: 'End Show' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this show?' });
    expect(calls.some((c) => c.path.endsWith('/end'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'End Show' }));

    expect(await screen.findByText('Livestream ended successfully')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Past shows page' })).toBeTruthy();
    expect(calls.filter((c) => c.path === `/streams/${STREAM_ID}/end`)).toHaveLength(1);
  });

  it('shows the elapsed time and the viewer count as viewers come and go', async () => {
    const { socket, connect } = renderStudio({ stream: liveStream() });
    connect();
    expect(await screen.findByLabelText(/^Live for 1:0\d$/)).toBeTruthy();
    act(() =>
      socket.serverSends(streamSocketEvents.viewerJoined, {
        streamId: STREAM_ID,
        viewerCount: 2,
        peakViewers: 2,
        timestamp: 1,
      }),
    );
    expect(screen.getByLabelText('2 watching')).toBeTruthy();
    act(() =>
      socket.serverSends(streamSocketEvents.viewerLeft, {
        streamId: STREAM_ID,
        viewerCount: 1,
        peakViewers: 2,
        timestamp: 2,
      }),
    );
    expect(screen.getByLabelText('1 watching')).toBeTruthy();
  });
});

describe('Studio: product rail', () => {
  it('runs an auction: activate, bids, countdown, the winner for 30 s, then sold', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const stream = liveStream();
    const endsAt = new Date(Date.now() + 30_000).toISOString();
    const { socket, calls, connect } = renderStudio({
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: { body: { message: 'ok', data: { stream } } },
        [`POST /streams/${STREAM_ID}/activate-product-bidding`]: {
          body: { message: 'ok', product: testStreamProduct({ bidStatus: 'active', endsAt }) },
        },
      },
    });
    connect();
    const ankara = await screen.findByRole('listitem', { name: 'Ankara gown' });
    expect(within(ankara).getByText('Not started')).toBeTruthy();
    expect(within(ankara).getByText('Starting bid ₦5,000.00')).toBeTruthy();

    await user.click(within(ankara).getByRole('button', { name: 'Activate bidding' }));
    expect(await screen.findByText('Product bidding activated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/activate-product-bidding'))?.body).toEqual({
      productId: ANKARA_ID,
    });
    expect(within(ankara).getByText('Bidding open')).toBeTruthy();
    expect(within(ankara).queryByRole('button', { name: 'Activate bidding' })).toBeNull();

    const tick = (secondsLeft: number) =>
      socket.serverSends(streamSocketEvents.bidTimerUpdate, {
        streamId: STREAM_ID,
        productId: ANKARA_ID,
        secondsLeft,
        formattedTime: `00:${String(secondsLeft).padStart(2, '0')}`,
        timestamp: Date.now(),
      });
    act(() => {
      tick(3);
      socket.serverSends(streamSocketEvents.notification, {
        type: 'new_bid',
        timestamp: Date.now(),
        content: 'Chioma bid ₦5,000',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID } },
          bidAmount: 5000,
          currentBidder: chioma,
          endsAt,
          minimumNextBid: 5100,
          bidsCount: 1,
        },
      });
    });
    expect(within(ankara).getByText('00:03')).toBeTruthy();
    expect(within(ankara).getByText('₦5,000.00')).toBeTruthy();
    expect(within(ankara).getByText('by Chioma')).toBeTruthy();

    // The clock reaches zero: closed 100 ms later (SPEC section 4).
    act(() => tick(0));
    expect(within(ankara).getByText('Bidding open')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(within(ankara).getByText('Bidding closed')).toBeTruthy();

    act(() => {
      socket.serverSends(streamSocketEvents.notification, {
        type: 'auction_winner',
        timestamp: Date.now(),
        content: 'Chioma won Ankara gown',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID } },
          bidWinner: { bidAmount: 5000, buyer: chioma },
          orderId: 'order-1',
        },
      });
      socket.serverSends(streamSocketEvents.productAuctionStatus, {
        streamId: STREAM_ID,
        productId: ANKARA_ID,
        status: 'ended',
        outcome: 'sold',
        endsAt: null,
        timestamp: Date.now(),
      });
    });
    expect(screen.getByText('Sold to Chioma!')).toBeTruthy();
    expect(within(ankara).getByText('Won by Chioma for ₦5,000.00')).toBeTruthy();

    // The ended signal on an ongoing product waits 30 s: the winner stays on screen meanwhile.
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText('Sold to Chioma!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByText('Sold to Chioma!')).toBeNull();
    expect(within(ankara).getByText('Sold')).toBeTruthy();
    // The other product can now be auctioned; a sold one cannot.
    expect(within(ankara).queryByRole('button', { name: 'Activate bidding' })).toBeNull();
    const gele = screen.getByRole('listitem', { name: 'Gele headtie' });
    expect(within(gele).getByRole('button', { name: 'Activate bidding' })).toHaveProperty('disabled', false);
  });

  it("shows 'Error activating product bidding' with the server's message", async () => {
    const user = userEvent.setup();
    const stream = liveStream();
    const { connect } = renderStudio({
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: { body: { message: 'ok', data: { stream } } },
        [`POST /streams/${STREAM_ID}/activate-product-bidding`]: {
          status: 409,
          body: { message: 'This product is sold' },
        },
      },
    });
    connect();
    const ankara = await screen.findByRole('listitem', { name: 'Ankara gown' });
    await user.click(within(ankara).getByRole('button', { name: 'Activate bidding' }));
    expect(await screen.findByText('Error activating product bidding')).toBeTruthy();
    expect(screen.getByText('This product is sold')).toBeTruthy();
  });
});

describe('Studio: chat', () => {
  it('sends trimmed comments and announcements only when there is text, and lists what arrives', async () => {
    const user = userEvent.setup();
    const { socket, connect } = renderStudio({ stream: liveStream() });
    connect();
    await user.click(await screen.findByRole('tab', { name: /Chat/ }));
    const box = screen.getByRole('textbox', { name: 'Comment' });
    const send = screen.getByRole('button', { name: 'Send' });

    await user.type(box, '   ');
    expect(send).toHaveProperty('disabled', true);
    await user.type(box, '{Enter}');
    expect(socket.eventsNamed(streamSocketEvents.comment)).toEqual([]);

    await user.clear(box);
    await user.type(box, '  Free delivery in Lagos today  {Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', ''));
    expect(socket.eventsNamed(streamSocketEvents.comment)).toEqual([
      { streamId: STREAM_ID, content: 'Free delivery in Lagos today' },
    ]);

    await user.click(screen.getByRole('radio', { name: 'Announcement' }));
    await user.type(screen.getByRole('textbox', { name: 'Announcement' }), 'Last call on the gele{Enter}');
    expect(socket.eventsNamed(streamSocketEvents.announcement)).toEqual([
      { streamId: STREAM_ID, content: 'Last call on the gele' },
    ]);

    act(() =>
      socket.serverSends(streamSocketEvents.notification, {
        type: 'stream_comment',
        timestamp: Date.now(),
        content: 'Do you deliver to Abuja?',
        data: { streamId: STREAM_ID, comment: { _id: 'c1', author: { ...chioma, role: 'buyer' } } },
      }),
    );
    const comments = screen.getByRole('list', { name: 'Comments' });
    expect(within(comments).getByText('Do you deliver to Abuja?')).toBeTruthy();
    expect(within(comments).getByText('Chioma')).toBeTruthy();
  });

  it("keeps the text and shows the server's reason when a message is refused", async () => {
    const user = userEvent.setup();
    const { socket, connect } = renderStudio({ stream: liveStream() });
    socket.answerAcks = () => ({
      ok: false,
      message: 'You are sending messages too fast. Wait a few seconds.',
    });
    connect();
    await user.click(await screen.findByRole('tab', { name: /Chat/ }));
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('You are sending messages too fast'),
    );
    expect(box).toHaveProperty('value', 'Hello');
  });

  it('sends nothing before the socket exists', async () => {
    const user = userEvent.setup();
    const { socket } = renderStudio({ stream: liveStream() });
    // No handshake yet: the box says it is connecting and sends nothing.
    await user.click(await screen.findByRole('tab', { name: /Chat/ }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Hello{Enter}');
    expect(screen.getByText('Connecting to the live chat…')).toBeTruthy();
    expect(socket.eventsNamed(streamSocketEvents.comment)).toEqual([]);
  });
});

describe('Studio: one window publishes the show', () => {
  const joinedLive = () => {
    const stream = liveStream();
    return {
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: { body: { message: 'ok', data: { stream } } },
      },
    };
  };
  const cameraTracks = () => {
    const video = screen.getByLabelText('Camera preview') as HTMLVideoElement;
    return (video.srcObject as MediaStream | null)?.getTracks() ?? [];
  };

  it('stops sending and frees the camera when another window takes the show, and takes it back on request', async () => {
    const user = userEvent.setup();
    const { socket, publish, connect } = renderStudio(joinedLive());
    connect();
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    const [claim] = socket.eventsNamed(studioSocketEvents.claim) as { studioId: string }[];
    expect(claim).toEqual({
      streamId: STREAM_ID,
      studioId: expect.stringMatching(/^[0-9a-f]{32}$/),
      takeOver: true,
    });
    const publication = await publish.mock.results[0]?.value;
    const tracks = cameraTracks();
    expect(tracks).toHaveLength(2);

    act(() =>
      socket.serverSends(studioSocketEvents.replaced, { streamId: STREAM_ID, timestamp: Date.now() }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveProperty('textContent', expect.stringContaining(STUDIO_OPEN_ELSEWHERE));
    expect(publication?.stop).toHaveBeenCalledTimes(1);
    // The camera is released, so the other window (maybe on this device) can use it.
    expect(tracks.map((t) => t.readyState)).toEqual(['ended', 'ended']);
    expect(cameraTracks()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Mute microphone' })).toHaveProperty('disabled', true);

    await user.click(within(alert).getByRole('button', { name: 'Use this window' }));
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(STUDIO_OPEN_ELSEWHERE)).toBeNull();
    expect(socket.eventsNamed(studioSocketEvents.claim)).toEqual([
      claim,
      { streamId: STREAM_ID, studioId: claim?.studioId, takeOver: true },
    ]);
    expect(cameraTracks().map((t) => t.readyState)).toEqual(['live', 'live']);
  });

  it('sends no video when the server says another window has the show', async () => {
    const { socket, publish, connect } = renderStudio(joinedLive());
    socket.answerAcks = (event) =>
      event === studioSocketEvents.claim
        ? { ok: false, message: STUDIO_OPEN_ELSEWHERE, openElsewhere: true }
        : { ok: true };
    connect();
    expect(await screen.findByText(STUDIO_OPEN_ELSEWHERE)).toBeTruthy();
    expect(publish).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Use this window' })).toBeTruthy();
  });

  it('resumes after its connection drops, unless another window took the show meanwhile', async () => {
    const { socket, publish, connect } = renderStudio(joinedLive());
    connect();
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    const publication = await publish.mock.results[0]?.value;

    // Back with nobody else holding the show: the same studio carries on, nothing restarts.
    act(() => socket.drop());
    connect();
    await waitFor(() => expect(socket.eventsNamed(studioSocketEvents.claim)).toHaveLength(2));
    expect(socket.eventsNamed(studioSocketEvents.claim)[1]).toMatchObject({ takeOver: false });
    await act(() => Promise.resolve());
    expect(publication?.stop).not.toHaveBeenCalled();
    expect(screen.queryByText(STUDIO_OPEN_ELSEWHERE)).toBeNull();

    // Dropped again, and meanwhile the seller went on with the show on another device.
    socket.answerAcks = (event, payload) =>
      event === studioSocketEvents.claim && (payload as { takeOver: boolean }).takeOver === false
        ? { ok: false, message: STUDIO_OPEN_ELSEWHERE, openElsewhere: true }
        : { ok: true };
    act(() => socket.drop());
    connect();
    expect(await screen.findByText(STUDIO_OPEN_ELSEWHERE)).toBeTruthy();
    expect(publication?.stop).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('does not take the show from another window when it goes live there', async () => {
    const { socket, publish, connect, calls, setServerStream } = renderStudio();
    connect();
    await screen.findByRole('button', { name: 'Go Live' });
    await waitFor(() => expect(cameraTracks()).toHaveLength(2));
    // The seller pressed Go Live in another window: this one hears that the show is live.
    setServerStream(liveStream());
    act(() =>
      socket.serverSends(streamSocketEvents.streamStatus, {
        streamId: STREAM_ID,
        status: 'live',
        timestamp: Date.now(),
      }),
    );
    expect(await screen.findByText('LIVE')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(socket.eventsNamed(studioSocketEvents.claim)).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
  });
});

describe('Studio: panels', () => {
  it('moves between Products, Chat and Bids with the arrow keys, Home and End (ARIA tabs)', async () => {
    const user = userEvent.setup();
    renderStudio({ stream: liveStream() });
    const products = await screen.findByRole('tab', { name: /Products/ });
    const tabs = () => screen.getAllByRole('tab');
    // One stop in the Tab order: the selected tab.
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);

    products.focus();
    await user.keyboard('{ArrowRight}');
    const chat = screen.getByRole('tab', { name: /Chat/ });
    expect(chat.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(chat);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(chat.id);

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Bids/ }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Products/ }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Bids/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: /Products/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('counts bids on the Bids tab, not the auction\'s "won" line', async () => {
    const { socket, connect } = renderStudio({ stream: liveStream() });
    connect();
    await screen.findByRole('tab', { name: /Bids/ });
    act(() => {
      socket.serverSends(streamSocketEvents.notification, {
        type: 'new_bid',
        timestamp: Date.now(),
        content: 'Chioma bid ₦5,000',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID } },
          bidAmount: 5000,
          currentBidder: chioma,
          endsAt: new Date(Date.now() + 30_000).toISOString(),
          minimumNextBid: 5100,
          bidsCount: 1,
        },
      });
      socket.serverSends(streamSocketEvents.notification, {
        type: 'auction_winner',
        timestamp: Date.now(),
        content: 'Chioma won Ankara gown',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID } },
          bidWinner: { bidAmount: 5000, buyer: chioma },
          orderId: 'order-1',
        },
      });
    });
    expect(screen.getByRole('tab', { name: /Bids/ }).textContent).toBe('Bids (1)');
  });
});
