import { STUDIO_OPEN_ELSEWHERE, streamSocketEvents, studioSocketEvents } from '@kasuwa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { STREAM_ID } from '@/test/live-fixtures';

/* One studio sends a show's video at a time (use-studio-claim.ts, use-publishing.ts). */

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
    expect(screen.queryByText(STUDIO_OPEN_ELSEWHERE)).not.toBeInTheDocument();
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
    expect(await screen.findByText(STUDIO_OPEN_ELSEWHERE)).toBeVisible();
    expect(publish).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Use this window' })).toBeVisible();
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
    expect(screen.queryByText(STUDIO_OPEN_ELSEWHERE)).not.toBeInTheDocument();

    // Dropped again, and meanwhile the seller went on with the show on another device.
    socket.answerAcks = (event, payload) =>
      event === studioSocketEvents.claim && (payload as { takeOver: boolean }).takeOver === false
        ? { ok: false, message: STUDIO_OPEN_ELSEWHERE, openElsewhere: true }
        : { ok: true };
    act(() => socket.drop());
    connect();
    expect(await screen.findByText(STUDIO_OPEN_ELSEWHERE)).toBeVisible();
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
    expect(await screen.findByText('LIVE')).toBeVisible();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(socket.eventsNamed(studioSocketEvents.claim)).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
  });
});
