import {
  type AuctionStatus,
  type PlaceBidResponse,
  placeBidBody,
  type StreamDetailsResponse,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import type { VideoProviderClient } from '@/features/live-room/video/video-provider';
import { BUYER_SESSION_KEY, type BuyerSession } from '@/features/watch/buyer-session';
import { type WatchAuction, WatchPage } from '@/features/watch/watch-page';
import { createApiClient } from '@/lib/api-client';
import { fakeFetch } from '@/test/fake-api';
import { FakeLiveSocket, nextFrame } from '@/test/fake-live-socket';
import {
  ANKARA_ID,
  RED_L_ROW_ID,
  RED_M_ROW_ID,
  STREAM_ID,
  testStream,
  testVariantRows,
} from '@/test/live-fixtures';

/* Bidding on one variant of a product auctioned per variant (issue 14). */

const ada = { _id: 'buyer-ada', name: 'Ada' };
const me: BuyerSession = { buyer: { _id: 'buyer-chioma', name: 'Chioma' }, token: 'buyer-token' };

/** The statuses as a plain map of the server's signals, by the keys the live room hands out. */
function useStatuses(): WatchAuction {
  const [statuses, setStatuses] = useState<Record<string, AuctionStatus>>({});
  return useMemo(() => {
    const set = (key: string, status: AuctionStatus) => setStatuses((s) => ({ ...s, [key]: status }));
    return {
      statuses,
      activate: (key) => set(key, 'active'),
      timer: () => {},
      signal: set,
      winner: (key) => set(key, 'ongoing'),
      hydrate: (rows) => {
        for (const r of rows) if (r.bidStatus !== 'pending') set(r.productId, r.bidStatus);
      },
    };
  }, [statuses]);
}

function Harness({ api, socket }: { api: ReturnType<typeof createApiClient>; socket: FakeLiveSocket }) {
  const auction = useStatuses();
  const provider: VideoProviderClient = {
    name: 'local',
    publish: vi.fn(),
    watch: vi.fn(async () => ({ stop: vi.fn() })),
  };
  return (
    <WatchPage
      streamId={STREAM_ID}
      auction={auction}
      api={api}
      connect={async () => socket}
      loadProvider={async () => provider}
    />
  );
}

describe('Watch page: a product auctioned per variant', () => {
  it('bids on the running variant by its stream product and shows which variant it is', async () => {
    localStorage.setItem(BUYER_SESSION_KEY, JSON.stringify(me));
    const endsAt = new Date(Date.now() + 20_000).toISOString();
    const rows = testVariantRows(
      { bidStatus: 'ended', outcome: 'unsold' },
      {
        bidStatus: 'active',
        currentBid: 6000,
        currentBidder: ada,
        minimumNextBid: 6100,
        bidsCount: 1,
        endsAt,
      },
    );
    const [, redL] = rows;
    const stream = testStream({ status: 'live', products: rows });
    const socket = new FakeLiveSocket();
    const { fetch, calls } = fakeFetch({
      [`GET /streams/${STREAM_ID}`]: { body: { stream } satisfies StreamDetailsResponse },
      [`POST /streams/${STREAM_ID}/bids`]: (call) => {
        const bid = placeBidBody.parse(call.body);
        return {
          body: {
            message: 'Bid placed',
            product: {
              ...redL,
              streamProductId: bid.streamProductId,
              bidStatus: 'active',
              currentBid: bid.amount,
              currentBidder: me.buyer,
              minimumNextBid: bid.amount + 100,
              bidsCount: 2,
              endsAt,
            },
          } satisfies PlaceBidResponse,
        };
      },
    });
    const api = createApiClient({ fetch, getToken: () => me.token });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Harness api={api} socket={socket} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    act(() => void socket.connect());

    const panel = await screen.findByRole('region', { name: 'Bidding' });
    expect(within(panel).getByRole('heading', { name: 'Ankara gown — Red / L' })).toBeVisible();
    expect(within(panel).getByText('Red / L')).toBeVisible();
    expect(within(panel).getByText('by Ada')).toBeVisible();

    // A bid on the other variant (its sold-out run) must not move this panel.
    act(() => {
      socket.serverSends(streamSocketEvents.notification, {
        type: 'new_bid',
        timestamp: Date.now(),
        content: 'Emeka bid',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID, streamProductId: RED_M_ROW_ID } },
          bidAmount: 9000,
          currentBidder: { _id: 'buyer-emeka', name: 'Emeka' },
          endsAt,
          minimumNextBid: 9100,
          bidsCount: 5,
        },
      });
      socket.serverSends(streamSocketEvents.bidTimerUpdate, {
        streamId: STREAM_ID,
        productId: ANKARA_ID,
        streamProductId: RED_L_ROW_ID,
        secondsLeft: 9,
        formattedTime: '00:09',
        timestamp: Date.now(),
      });
    });
    await nextFrame();
    expect(within(panel).getByText('by Ada')).toBeVisible();
    expect(within(panel).getByRole('timer')).toHaveProperty('textContent', '00:09');

    await userEvent.click(within(panel).getByRole('button', { name: 'Bid ₦6,100' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      productId: ANKARA_ID,
      streamProductId: RED_L_ROW_ID,
      amount: 6100,
    });
    expect(await within(panel).findByText('You are the highest bidder')).toBeVisible();
  });
});
