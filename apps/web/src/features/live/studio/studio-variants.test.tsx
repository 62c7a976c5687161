import {
  type ActivateProductBiddingResponse,
  activateProductBiddingBody,
  type JoinSellerResponse,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chioma, liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { nextFrame } from '@/test/fake-live-socket';
import { ANKARA_ID, RED_L_ROW_ID, RED_M_ROW_ID, STREAM_ID, testVariantRows } from '@/test/live-fixtures';

/* The studio's rail when one product is auctioned per variant (issue 14). */

afterEach(() => {
  vi.useRealTimers();
});

describe('Studio: a product auctioned per variant', () => {
  it('opens one variant by its stream product; its clock and bids stay on its own card', async () => {
    const user = userEvent.setup();
    const stream = liveStream(testVariantRows());
    const endsAt = new Date(Date.now() + 30_000).toISOString();
    const [, redL] = testVariantRows();
    const { socket, calls, connect } = renderStudio({
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: {
          body: { message: 'ok', data: { stream } } satisfies JoinSellerResponse,
        },
        [`POST /streams/${STREAM_ID}/activate-product-bidding`]: (call) => {
          // The server's own reading of the body: the row it names is the one that opens.
          const body = activateProductBiddingBody.parse(call.body);
          return {
            body: {
              message: 'Product bidding activated successfully',
              product: { ...redL, streamProductId: body.streamProductId, bidStatus: 'active', endsAt },
            } satisfies ActivateProductBiddingResponse,
          };
        },
      },
    });
    connect();
    const m = await screen.findByRole('listitem', { name: 'Ankara gown — Red / M' });
    const l = screen.getByRole('listitem', { name: 'Ankara gown — Red / L' });
    expect(within(l).getByText('Starting bid ₦6,000.00')).toBeVisible();

    await user.click(within(l).getByRole('button', { name: 'Activate bidding' }));
    expect(await screen.findByText('Product bidding activated successfully')).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/activate-product-bidding'))?.body).toEqual({
      productId: ANKARA_ID,
      streamProductId: RED_L_ROW_ID,
    });
    expect(within(l).getByText('Bidding open')).toBeVisible();
    expect(within(m).getByText('Not started')).toBeVisible();
    expect(within(m).getByRole('button', { name: 'Activate bidding' })).toBeVisible();

    act(() => {
      socket.serverSends(streamSocketEvents.bidTimerUpdate, {
        streamId: STREAM_ID,
        productId: ANKARA_ID,
        streamProductId: RED_L_ROW_ID,
        secondsLeft: 12,
        formattedTime: '00:12',
        timestamp: Date.now(),
      });
      socket.serverSends(streamSocketEvents.notification, {
        type: 'new_bid',
        timestamp: Date.now(),
        content: 'Chioma bid ₦6,000',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID, streamProductId: RED_L_ROW_ID } },
          bidAmount: 6000,
          currentBidder: chioma,
          endsAt,
          minimumNextBid: 6100,
          bidsCount: 1,
        },
      });
    });
    await nextFrame();
    expect(within(l).getByText('00:12')).toBeVisible();
    expect(within(l).getByText('by Chioma')).toBeVisible();
    expect(within(m).queryByText('00:12')).not.toBeInTheDocument();
    expect(within(m).queryByText('by Chioma')).not.toBeInTheDocument();
    expect(within(m).getByText('Starting bid ₦5,000.00')).toBeVisible();

    // The bid feed names the variant bid on.
    await user.click(screen.getByRole('tab', { name: /Bids/ }));
    const feed = await screen.findByRole('list', { name: 'Bids' });
    expect(within(feed).getByText('on Ankara gown — Red / L')).toBeVisible();
  });

  it('moving on to the other variant closes the first and opens the second', async () => {
    const user = userEvent.setup();
    const stream = liveStream(testVariantRows({}, { bidStatus: 'active' }));
    const [redM] = testVariantRows();
    const { socket, calls, connect } = renderStudio({
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: {
          body: { message: 'ok', data: { stream } } satisfies JoinSellerResponse,
        },
        [`POST /streams/${STREAM_ID}/activate-product-bidding`]: {
          body: {
            message: 'Product bidding activated successfully',
            product: { ...redM, bidStatus: 'active' },
          } satisfies ActivateProductBiddingResponse,
        },
      },
    });
    connect();
    const m = await screen.findByRole('listitem', { name: 'Ankara gown — Red / M' });
    const l = screen.getByRole('listitem', { name: 'Ankara gown — Red / L' });
    await waitFor(() => expect(within(l).getByText('Bidding open')).toBeVisible());

    await user.click(within(m).getByRole('button', { name: 'Activate bidding' }));
    expect(await screen.findByText('Product bidding activated successfully')).toBeVisible();
    expect(activateProductBiddingBody.parse(calls.at(-1)?.body)).toEqual({
      productId: ANKARA_ID,
      streamProductId: RED_M_ROW_ID,
    });
    act(() => {
      socket.serverSends(streamSocketEvents.productAuctionStatus, {
        streamId: STREAM_ID,
        productId: ANKARA_ID,
        streamProductId: RED_L_ROW_ID,
        status: 'ended',
        outcome: 'unsold',
        endsAt: null,
        timestamp: Date.now(),
      });
    });
    await nextFrame();
    expect(within(m).getByText('Bidding open')).toBeVisible();
    expect(within(l).getByText('Unsold')).toBeVisible();
  });
});
