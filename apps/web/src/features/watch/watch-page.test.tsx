// size: one watch page: video, chat, bidding, the buyer sheet and the ended show, over one fake show and socket
import type {
  AuctionStatus,
  BuyerAuthResponse,
  ErrorResponse,
  PlaceBidErrorResponse,
  PlaceBidResponse,
  Stream,
  StreamDetailsResponse,
} from '@kasuwa/contracts';
import { placeBidBody, streamSocketEvents } from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import type { VideoProviderClient } from '@/features/live-room/video/video-provider';
import { quickBids } from '@/features/watch/bid-panel';
import { BUYER_SESSION_KEY, type BuyerSession } from '@/features/watch/buyer-session';
import { type WatchAuction, WatchPage } from '@/features/watch/watch-page';
import { createApiClient } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';
import { type FakeAnswer, fakeFetch, type RecordedCall, storeTestSession } from '@/test/fake-api';
import { FakeLiveSocket, nextFrame } from '@/test/fake-live-socket';
import { ANKARA_ID, STREAM_ID, testStream, testStreamProduct } from '@/test/live-fixtures';

const ada = { _id: 'buyer-ada', name: 'Ada' };
const me: BuyerSession = { buyer: { _id: 'buyer-chioma', name: 'Chioma' }, token: 'buyer-token' };

/**
 * The auction statuses as a plain map (server signals applied as they come): the SPEC section 4
 * timing rules belong to features/live and have their own tests; here only their results matter.
 */
function useStatuses(): WatchAuction {
  const [statuses, setStatuses] = useState<Record<string, AuctionStatus>>({});
  return useMemo(() => {
    const set = (productId: string, status: AuctionStatus) =>
      setStatuses((s) => ({ ...s, [productId]: status }));
    return {
      statuses,
      activate: (id) => set(id, 'active'),
      timer: () => {},
      signal: set,
      winner: (id) => set(id, 'ongoing'),
      hydrate: (products) => {
        for (const p of products) if (p.bidStatus !== 'pending') set(p.productId, p.bidStatus);
      },
    };
  }, [statuses]);
}

function Harness(props: {
  api: ReturnType<typeof createApiClient>;
  socket: FakeLiveSocket;
  provider: VideoProviderClient;
}) {
  const auction = useStatuses();
  return (
    <WatchPage
      streamId={STREAM_ID}
      auction={auction}
      api={props.api}
      connect={async () => props.socket}
      loadProvider={async () => props.provider}
    />
  );
}

const biddingOpen = () =>
  testStream({
    status: 'live',
    products: [
      testStreamProduct({
        bidStatus: 'active',
        currentBid: 5000,
        currentBidder: ada,
        minimumNextBid: 5100,
        bidsCount: 1,
        endsAt: new Date(Date.now() + 20_000).toISOString(),
      }),
    ],
  });

type Handlers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;

function renderWatch(options: { stream?: Stream; buyer?: BuyerSession; handlers?: Handlers } = {}) {
  if (options.buyer) localStorage.setItem(BUYER_SESSION_KEY, JSON.stringify(options.buyer));
  const stream = options.stream ?? biddingOpen();
  const socket = new FakeLiveSocket();
  const { fetch, calls } = fakeFetch({
    [`GET /streams/${STREAM_ID}`]: { body: { stream } satisfies StreamDetailsResponse },
    ...options.handlers,
  });
  const buyerToken = () => {
    const raw = localStorage.getItem(BUYER_SESSION_KEY);
    return raw ? (JSON.parse(raw) as BuyerSession).token : null;
  };
  const api = createApiClient({ fetch, getToken: buyerToken });
  const watch = vi.fn<VideoProviderClient['watch']>(async () => ({ stop: vi.fn() }));
  const provider: VideoProviderClient = { name: 'local', publish: vi.fn(), watch };
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Harness api={api} socket={socket} provider={provider} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, socket, calls, watch, connect: () => act(() => void socket.connect()) };
}

describe('Watch page', () => {
  it('plays the live video and shows the viewer count and comments to anyone', async () => {
    const { socket, watch, connect } = renderWatch();
    connect();
    expect(await screen.findByText('LIVE')).toBeVisible();
    await waitFor(() => expect(watch).toHaveBeenCalledTimes(1));
    expect(watch.mock.calls[0]?.[0]).toMatchObject({ _id: STREAM_ID, videoProvider: 'local' });

    act(() => {
      socket.serverSends(streamSocketEvents.viewerJoined, {
        streamId: STREAM_ID,
        viewerCount: 7,
        peakViewers: 7,
        timestamp: 1,
      });
      socket.serverSends(streamSocketEvents.notification, {
        type: 'stream_comment',
        timestamp: 2,
        content: 'Is the gown available in XL?',
        data: { streamId: STREAM_ID, comment: { _id: 'c1', author: { ...ada, role: 'buyer' } } },
      });
    });
    await nextFrame();
    expect(screen.getByLabelText('7 watching')).toBeVisible();
    expect(screen.getByText('Is the gown available in XL?')).toBeVisible();
    // Reading needs no account; writing does.
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in to comment and bid' })).toBeVisible();
  });

  it("bids the minimum next bid with the buyer's token, never the seller's", async () => {
    const user = userEvent.setup();
    storeTestSession(); // A seller logged in on the same phone.
    const { calls, connect } = renderWatch({
      buyer: me,
      handlers: {
        [`POST /streams/${STREAM_ID}/bids`]: (call) => ({
          body: {
            message: 'Bid placed',
            product: testStreamProduct({
              bidStatus: 'active',
              currentBid: placeBidBody.parse(call.body).amount,
              currentBidder: me.buyer,
              minimumNextBid: 5200,
              bidsCount: 2,
              endsAt: new Date(Date.now() + 20_000).toISOString(),
            }),
          } satisfies PlaceBidResponse,
        }),
      },
    });
    connect();
    const panel = await screen.findByRole('region', { name: 'Bidding' });
    expect(within(panel).getByText('₦5,000.00')).toBeVisible();
    expect(within(panel).getByText('by Ada')).toBeVisible();
    expect(within(panel).getByText('₦5,100.00')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Bid ₦5,100' }));

    const bid = calls.find((c) => c.method === 'POST');
    expect(bid?.path).toBe(`/streams/${STREAM_ID}/bids`);
    expect(bid?.body).toEqual({ productId: ANKARA_ID, amount: 5100 });
    expect(bid?.headers.authorization).toBe('Bearer buyer-token');
    expect(readBearerToken()).toBe('token-1');
    expect(await within(panel).findByText('You are the highest bidder')).toBeVisible();
    expect(within(panel).getByText('by you')).toBeVisible();
  });

  it("shows why a bid was refused, with the server's message", async () => {
    const user = userEvent.setup();
    const { connect } = renderWatch({
      buyer: me,
      handlers: {
        [`POST /streams/${STREAM_ID}/bids`]: {
          status: 409,
          body: { message: 'Bid at least ₦5,200', minimumNextBid: 5200 } satisfies PlaceBidErrorResponse,
        },
      },
    });
    connect();
    const panel = await screen.findByRole('region', { name: 'Bidding' });
    await user.click(within(panel).getByRole('button', { name: 'Bid ₦5,100' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', 'Bid at least ₦5,200');
  });

  it('asks a viewer to log in before bidding, then keeps the buyer session apart from the seller one', async () => {
    const user = userEvent.setup();
    const { socket, calls, connect } = renderWatch({
      handlers: {
        'POST /buyers/login': {
          body: {
            message: 'Welcome back',
            buyer: me.buyer,
            token: 'buyer-token',
          } satisfies BuyerAuthResponse,
        },
      },
    });
    connect();
    const panel = await screen.findByRole('region', { name: 'Bidding' });
    await user.click(within(panel).getByRole('button', { name: 'Bid ₦5,100' }));
    expect(calls.some((c) => c.path.endsWith('/bids'))).toBe(false);

    const sheet = await screen.findByRole('dialog', { name: 'Log in to bid and comment' });
    await user.click(within(sheet).getByRole('button', { name: 'Log in' }));
    expect(within(sheet).getByText('Email is required')).toBeVisible();

    await user.type(within(sheet).getByRole('textbox', { name: 'Email' }), 'chioma@example.ng');
    await user.type(within(sheet).getByLabelText('Password', { selector: 'input' }), 'Lekki2026market');
    await user.click(within(sheet).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/buyers/login')?.body).toEqual({
      email: 'chioma@example.ng',
      password: 'Lekki2026market',
    });
    expect(JSON.parse(localStorage.getItem(BUYER_SESSION_KEY) ?? 'null')).toEqual(me);
    expect(readBearerToken()).toBeNull();
    // The socket reconnects with the buyer's token and subscribes again; now the buyer can comment.
    expect(socket.eventsNamed(streamSocketEvents.subscribe)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeVisible();
  });

  it('places the bid a visitor tapped once they have signed up in the sheet', async () => {
    const user = userEvent.setup();
    const { calls, connect } = renderWatch({
      handlers: {
        'POST /buyers/register': {
          status: 201,
          body: { message: 'Welcome', buyer: me.buyer, token: 'buyer-token' } satisfies BuyerAuthResponse,
        },
        [`POST /streams/${STREAM_ID}/bids`]: (call) => ({
          body: {
            message: 'Bid placed',
            product: testStreamProduct({
              bidStatus: 'active',
              currentBid: placeBidBody.parse(call.body).amount,
              currentBidder: me.buyer,
              minimumNextBid: 5200,
              bidsCount: 2,
              endsAt: new Date(Date.now() + 20_000).toISOString(),
            }),
          } satisfies PlaceBidResponse,
        }),
      },
    });
    connect();
    const panel = await screen.findByRole('region', { name: 'Bidding' });
    await user.click(within(panel).getByRole('button', { name: 'Bid ₦5,100' }));
    const sheet = await screen.findByRole('dialog');
    expect(
      within(sheet).getByText('Log in or sign up to bid. Your ₦5,100 bid is placed as soon as you are in.'),
    ).toBeVisible();
    await user.click(within(sheet).getByRole('tab', { name: 'Sign up' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'Name' }), 'Chioma Okafor');
    await user.type(within(sheet).getByRole('textbox', { name: 'Email' }), 'chioma@example.ng');
    await user.type(within(sheet).getByLabelText('Password', { selector: 'input' }), 'Lekki2026market');
    await user.click(within(sheet).getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/bids'))).toHaveLength(1));
    const bid = calls.find((c) => c.path.endsWith('/bids'));
    expect(bid?.body).toEqual({ productId: ANKARA_ID, amount: 5100 });
    expect(bid?.headers.authorization).toBe('Bearer buyer-token');
    expect(await within(panel).findByText('You are the highest bidder')).toBeVisible();
  });

  it('does not place a remembered bid the bidding has moved past, and says so', async () => {
    const user = userEvent.setup();
    const { calls, socket, connect } = renderWatch({
      handlers: {
        'POST /buyers/login': {
          body: {
            message: 'Welcome back',
            buyer: me.buyer,
            token: 'buyer-token',
          } satisfies BuyerAuthResponse,
        },
      },
    });
    connect();
    const panel = await screen.findByRole('region', { name: 'Bidding' });
    await user.click(within(panel).getByRole('button', { name: 'Bid ₦5,100' }));
    const sheet = await screen.findByRole('dialog');
    // Someone else bids while the buyer types.
    act(() =>
      socket.serverSends(streamSocketEvents.notification, {
        type: 'new_bid',
        timestamp: Date.now(),
        content: 'Ada bid ₦5,500',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID } },
          bidAmount: 5500,
          currentBidder: ada,
          endsAt: new Date(Date.now() + 20_000).toISOString(),
          minimumNextBid: 5600,
          bidsCount: 2,
        },
      }),
    );
    await nextFrame();
    await user.type(within(sheet).getByRole('textbox', { name: 'Email' }), 'chioma@example.ng');
    await user.type(within(sheet).getByLabelText('Password', { selector: 'input' }), 'Lekki2026market');
    await user.click(within(sheet).getByRole('button', { name: 'Log in' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty(
      'textContent',
      'Your ₦5,100 bid was not placed: the bidding moved on while you logged in.',
    );
    expect(calls.some((c) => c.path.endsWith('/bids'))).toBe(false);
  });

  it('forgets the tapped bid when the sheet is closed without logging in', async () => {
    const user = userEvent.setup();
    const { calls, connect } = renderWatch({
      handlers: {
        'POST /buyers/login': {
          body: {
            message: 'Welcome back',
            buyer: me.buyer,
            token: 'buyer-token',
          } satisfies BuyerAuthResponse,
        },
      },
    });
    connect();
    const panel = await screen.findByRole('region', { name: 'Bidding' });
    await user.click(within(panel).getByRole('button', { name: 'Bid ₦5,100' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Log in to comment and bid' }));
    const sheet = await screen.findByRole('dialog');
    await user.type(within(sheet).getByRole('textbox', { name: 'Email' }), 'chioma@example.ng');
    await user.type(within(sheet).getByLabelText('Password', { selector: 'input' }), 'Lekki2026market');
    await user.click(within(sheet).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path.endsWith('/bids'))).toBe(false);
  });

  it("switches the sheet's Log in and Sign up tabs with the arrow keys", async () => {
    const user = userEvent.setup();
    const { connect } = renderWatch();
    connect();
    await user.click(await screen.findByRole('button', { name: 'Log in to comment and bid' }));
    const sheet = await screen.findByRole('dialog');
    const logIn = within(sheet).getByRole('tab', { name: 'Log in' });
    expect(logIn.getAttribute('tabindex')).toBe('0');
    expect(within(sheet).getByRole('tab', { name: 'Sign up' }).getAttribute('tabindex')).toBe('-1');
    logIn.focus();
    await user.keyboard('{ArrowRight}');
    const signUp = within(sheet).getByRole('tab', { name: 'Sign up' });
    expect(signUp.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(signUp);
    expect(within(sheet).getByRole('textbox', { name: 'Name' })).toBeVisible();
    expect(within(sheet).getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(signUp.id);
  });

  it("shows the server's message when signing up fails", async () => {
    const user = userEvent.setup();
    const { connect } = renderWatch({
      handlers: {
        'POST /buyers/register': {
          status: 409,
          body: { message: 'An account with this email already exists' } satisfies ErrorResponse,
        },
      },
    });
    connect();
    await user.click(await screen.findByRole('button', { name: 'Log in to comment and bid' }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('tab', { name: 'Sign up' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'Name' }), 'Chioma Okafor');
    await user.type(within(sheet).getByRole('textbox', { name: 'Email' }), 'chioma@example.ng');
    await user.type(within(sheet).getByLabelText('Password', { selector: 'input' }), 'Lekki2026market');
    await user.click(within(sheet).getByRole('button', { name: 'Sign up' }));
    expect(await within(sheet).findByRole('alert')).toHaveProperty(
      'textContent',
      'An account with this email already exists',
    );
    expect(localStorage.getItem(BUYER_SESSION_KEY)).toBeNull();
  });

  it('announces the winner, and tells the winner it is them', async () => {
    const { socket, connect } = renderWatch({ buyer: me });
    connect();
    await screen.findByRole('region', { name: 'Bidding' });
    act(() =>
      socket.serverSends(streamSocketEvents.notification, {
        type: 'auction_winner',
        timestamp: 3,
        content: 'Chioma won Ankara gown',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID } },
          bidWinner: { bidAmount: 6000, buyer: me.buyer },
          orderId: 'order-1',
        },
      }),
    );
    await nextFrame();
    expect(screen.getByText('You won!')).toBeVisible();
    expect(screen.getByText(/You won Ankara gown for ₦6,000.00!/)).toBeVisible();
  });

  it('offers an ended show no log-in to bid and no viewer count, and keeps its comments readable', async () => {
    const { socket, connect } = renderWatch({ stream: testStream({ status: 'ended' }) });
    connect();
    expect(await screen.findByText('This show has ended')).toBeVisible();
    act(() =>
      socket.serverSends(streamSocketEvents.viewerJoined, {
        streamId: STREAM_ID,
        viewerCount: 3,
        peakViewers: 7,
        timestamp: 1,
      }),
    );
    await nextFrame();
    expect(screen.queryByLabelText(/watching/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Log in/ })).not.toBeInTheDocument();
    expect(screen.getByText('The show has ended. The chat is closed.')).toBeVisible();
  });

  it('shows when a scheduled show starts, without video', async () => {
    const { watch } = renderWatch({ stream: testStream({ scheduledStartTime: '2026-12-05T18:30:00.000Z' }) });
    expect(await screen.findByText(/^Starts Sat, 5 Dec/)).toBeVisible();
    expect(watch).not.toHaveBeenCalled();
  });
});

describe('quickBids', () => {
  it("steps by the server's increment once a bid stands", () => {
    expect(quickBids(5100, 5000)).toEqual([5100, 5200, 5300]);
    expect(quickBids(55_000, 54_500)).toEqual([55_000, 55_500, 56_000]);
  });
  it('steps by a round tenth of the starting bid before the first bid', () => {
    expect(quickBids(5000, null)).toEqual([5000, 5500, 6000]);
    expect(quickBids(300, null)).toEqual([300, 400, 500]);
  });
});
