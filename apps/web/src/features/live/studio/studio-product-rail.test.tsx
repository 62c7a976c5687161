import { streamSocketEvents } from '@kasuwa/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chioma, liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { nextFrame } from '@/test/fake-live-socket';
import { ANKARA_ID, STREAM_ID, testStreamProduct } from '@/test/live-fixtures';

/* The studio's product rail: activating bidding and following an auction to its result. */

afterEach(() => {
  vi.useRealTimers();
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
    expect(within(ankara).getByText('Not started')).toBeVisible();
    expect(within(ankara).getByText('Starting bid ₦5,000.00')).toBeVisible();

    await user.click(within(ankara).getByRole('button', { name: 'Activate bidding' }));
    expect(await screen.findByText('Product bidding activated successfully')).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/activate-product-bidding'))?.body).toEqual({
      productId: ANKARA_ID,
    });
    expect(within(ankara).getByText('Bidding open')).toBeVisible();
    expect(within(ankara).queryByRole('button', { name: 'Activate bidding' })).not.toBeInTheDocument();

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
    await nextFrame();
    expect(within(ankara).getByText('00:03')).toBeVisible();
    expect(within(ankara).getByText('₦5,000.00')).toBeVisible();
    expect(within(ankara).getByText('by Chioma')).toBeVisible();

    // The clock reaches zero: closed 100 ms later (SPEC section 4).
    act(() => tick(0));
    await nextFrame();
    expect(within(ankara).getByText('00:00')).toBeVisible();
    expect(within(ankara).getByText('Bidding open')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(within(ankara).getByText('Bidding closed')).toBeVisible();

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
    await nextFrame();
    expect(screen.getByText('Sold to Chioma!')).toBeVisible();
    expect(within(ankara).getByText('Won by Chioma for ₦5,000.00')).toBeVisible();

    // The ended signal on an ongoing product waits 30 s: the winner stays on screen meanwhile.
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText('Sold to Chioma!')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByText('Sold to Chioma!')).not.toBeInTheDocument();
    expect(within(ankara).getByText('Sold')).toBeVisible();
    // The other product can now be auctioned; a sold one cannot.
    expect(within(ankara).queryByRole('button', { name: 'Activate bidding' })).not.toBeInTheDocument();
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
    expect(await screen.findByText('Error activating product bidding')).toBeVisible();
    expect(screen.getByText('This product is sold')).toBeVisible();
  });
});
