import { streamSocketEvents } from '@kasuwa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GO_LIVE_ON_ARRIVAL } from '@/features/live/studio/go-live-on-arrival';
import { chioma, liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { nextFrame } from '@/test/fake-live-socket';
import { ANKARA_ID, STREAM_ID } from '@/test/live-fixtures';

/* The studio page: the camera, going live and ending, the header, and the side panels' tabs. */

describe('Studio: camera', () => {
  it('explains a refused camera permission and keeps Go Live off until it is allowed', async () => {
    renderStudio({ failWith: 'NotAllowedError' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveProperty('textContent', expect.stringContaining('Camera and microphone are blocked'));
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
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
    expect(screen.getByText('Camera is off')).toBeVisible();
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

    expect(await screen.findByText('Livestream started successfully')).toBeVisible();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([`/streams/${STREAM_ID}/start`, `/streams/${STREAM_ID}/join-seller`]);
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(publish.mock.calls[0]?.[0]).toMatchObject({ _id: STREAM_ID, agoraToken: 'publisher' });
    expect(screen.getByRole('button', { name: 'End Show' })).toBeVisible();
    expect(screen.getByText('LIVE')).toBeVisible();
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
    // A toast is shown once it has mounted (sonner fades it in): wait for what the seller sees.
    await waitFor(() => expect(screen.getByText('Livestream started successfully')).toBeVisible());
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([`/streams/${STREAM_ID}/start`, `/streams/${STREAM_ID}/join-seller`]);
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(screen.getByText('LIVE')).toBeVisible();
    // Consumed: coming back to this entry does not start anything again.
    expect(router.state.location.state).toBeNull();
  });

  it('waits for Go Live when opened any other way', async () => {
    const { calls, connect } = renderStudio();
    connect();
    const goLive = await screen.findByRole('button', { name: 'Go Live' });
    await waitFor(() => expect(goLive).toHaveProperty('disabled', false));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByText('Not live yet')).toBeVisible();
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

    expect(await screen.findByText('Error starting livestream')).toBeVisible();
    expect(screen.getByText('This show has expired')).toBeVisible();
    expect(publish).not.toHaveBeenCalled();
  });

  it('ends the show after confirmation and goes to its past show page (replay and summary)', async () => {
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

    expect(await screen.findByText('Livestream ended successfully')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Past show page' })).toBeVisible();
    expect(calls.filter((c) => c.path === `/streams/${STREAM_ID}/end`)).toHaveLength(1);
  });

  it('shows the elapsed time and the viewer count as viewers come and go', async () => {
    const { socket, connect } = renderStudio({ stream: liveStream() });
    connect();
    expect(await screen.findByLabelText(/^Live for 1:0\d$/)).toBeVisible();
    act(() =>
      socket.serverSends(streamSocketEvents.viewerJoined, {
        streamId: STREAM_ID,
        viewerCount: 2,
        peakViewers: 2,
        timestamp: 1,
      }),
    );
    await nextFrame();
    expect(await screen.findByLabelText('2 watching')).toBeVisible();
    act(() =>
      socket.serverSends(streamSocketEvents.viewerLeft, {
        streamId: STREAM_ID,
        viewerCount: 1,
        peakViewers: 2,
        timestamp: 2,
      }),
    );
    await nextFrame();
    expect(await screen.findByLabelText('1 watching')).toBeVisible();
  });
});

describe('Studio: panels', () => {
  it('moves between Products, Chat, Bids and Room with the arrow keys, Home and End (ARIA tabs)', async () => {
    const user = userEvent.setup();
    renderStudio({ stream: liveStream() });
    const products = await screen.findByRole('tab', { name: /Products/ });
    const tabs = () => screen.getAllByRole('tab');
    // One stop in the Tab order: the selected tab.
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);

    products.focus();
    await user.keyboard('{ArrowRight}');
    const chat = screen.getByRole('tab', { name: /Chat/ });
    expect(chat.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(chat);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(chat.id);

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Room/ }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Products/ }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Room/ }).getAttribute('aria-selected')).toBe('true');
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
    await nextFrame();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Bids/ }).textContent).toBe('Bids (1)'));
  });
});
