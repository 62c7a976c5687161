import { studioSocketEvents } from '@kasuwa/contracts';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { DATA_COUNT_MS, type PublishingCamera, usePublishing } from '@/features/live/studio/use-publishing';
import type { Publication, VideoProviderClient } from '@/features/live-room/video/video-provider';
import { createApiClient } from '@/lib/api-client';
import { DATA_SAVER_VIDEO, STANDARD_VIDEO, type VideoProfile } from '@/lib/data-saver';
import { fakeFetch } from '@/test/fake-api';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { fakeCameraStream } from '@/test/fake-media';
import { STREAM_ID, testStream } from '@/test/live-fixtures';

/*
 * Sending the video, alone: what the whole page's tests cannot easily reach — a device switch during
 * a broadcast, a switch while the provider is still loading, and the two ways sending can fail.
 */

function setup(
  options: {
    loadProvider?: () => Promise<VideoProviderClient>;
    socket?: FakeLiveSocket;
    profile?: VideoProfile;
    /** What each publication's bytesUsed() answers (by default it has none). */
    bytes?: () => number;
  } = {},
) {
  const socket = options.socket ?? new FakeLiveSocket();
  socket.connected = true;
  const publications: {
    stop: ReturnType<typeof vi.fn>;
    replaceStream: ReturnType<typeof vi.fn>;
    setProfile: ReturnType<typeof vi.fn>;
  }[] = [];
  const bytes = options.bytes;
  const publish = vi.fn<VideoProviderClient['publish']>(async () => {
    const publication = {
      stop: vi.fn(),
      replaceStream: vi.fn(async () => {}),
      setProfile: vi.fn(async () => {}),
      ...(bytes ? { bytesUsed: async () => bytes() } : {}),
    };
    publications.push(publication);
    return publication satisfies Publication;
  });
  const provider: VideoProviderClient = { name: 'local', publish, watch: vi.fn() };
  const loadProvider = vi.fn(options.loadProvider ?? (async () => provider));
  const camera = (stream: MediaStream | null): PublishingCamera => ({
    stream,
    release: vi.fn(),
    retry: vi.fn(async () => {}),
  });
  const broadcast = testStream({ status: 'live', agoraToken: 'publisher' });
  const firstCamera = camera(fakeCameraStream('cam-1'));
  const api = createApiClient({ fetch: fakeFetch({}).fetch });
  const view = renderHook(
    ({ cam, profile }: { cam: PublishingCamera; profile?: VideoProfile | undefined }) =>
      usePublishing({
        api,
        streamId: STREAM_ID,
        broadcast,
        socket,
        connected: true,
        camera: cam,
        loadProvider,
        ...(profile ? { profile } : {}),
      }),
    {
      initialProps: { cam: firstCamera, profile: options.profile } as {
        cam: PublishingCamera;
        profile?: VideoProfile | undefined;
      },
    },
  );
  return { ...view, socket, publish, publications, provider, camera, firstCamera, loadProvider };
}

describe('usePublishing', () => {
  it('claims the show, then publishes the camera once; a camera switch replaces the tracks instead', async () => {
    const { result, rerender, socket, publish, publications, camera } = setup();
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(socket.eventsNamed(studioSocketEvents.claim)).toHaveLength(1);
    expect(result.current.role).toBe('publisher');
    expect(result.current.videoStatus).toBe('connecting');

    const back = fakeCameraStream('cam-2');
    rerender({ cam: camera(back) });
    await waitFor(() => expect(publications[0]?.replaceStream).toHaveBeenCalledWith(back));
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publications[0]?.stop).not.toHaveBeenCalled();
  });

  it('puts a camera switched while the provider loads on the publication as soon as it starts', async () => {
    let loaded: (provider: VideoProviderClient) => void = () => {};
    const { rerender, publish, publications, provider, camera, firstCamera, loadProvider } = setup({
      loadProvider: () =>
        new Promise((resolve) => {
          loaded = resolve;
        }),
    });
    await waitFor(() => expect(loadProvider).toHaveBeenCalledTimes(1));
    const back = fakeCameraStream('cam-2');
    rerender({ cam: camera(back) });

    await act(async () => loaded(provider));
    await waitFor(() => expect(publications[0]?.replaceStream).toHaveBeenCalledWith(back));
    // Published with the camera it started with, then switched: one publication, not two.
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish.mock.calls[0]?.[1]).toBe(firstCamera.stream);
  });

  it('says the video could not be sent when the provider fails', async () => {
    render(<Toaster />);
    const { result } = setup({
      loadProvider: async () => {
        throw new Error('The video service did not answer');
      },
    });
    await waitFor(() => expect(result.current.videoStatus).toBe('failed'));
    // A toast fades in: it is visible once sonner has mounted it.
    // A toast is visible once sonner has mounted it (it fades in).
    await waitFor(() => expect(screen.getByText('Your video could not be sent')).toBeVisible());
    await waitFor(() => expect(screen.getByText('The video service did not answer')).toBeVisible());
  });

  it('sends nothing and says why when the server refuses the claim for another reason', async () => {
    render(<Toaster />);
    const socket = new FakeLiveSocket();
    socket.answerAcks = () => ({ ok: false, message: 'Stream not found' });
    const { result, publish } = setup({ socket });
    // The role and the video's status are set by two updates, which may render one after the other.
    await waitFor(() => {
      expect(result.current.role).toBe('failed');
      expect(result.current.videoStatus).toBe('failed');
    });
    // A toast fades in: it is visible once sonner has mounted it.
    await waitFor(() => expect(screen.getByText('Your video could not be sent')).toBeVisible());
    await waitFor(() => expect(screen.getByText('Stream not found')).toBeVisible());
    expect(publish).not.toHaveBeenCalled();
  });

  it('frees the camera when another window takes the show, and restarts it to take the show back', async () => {
    const { result, socket, publish, publications, firstCamera: cam } = setup();
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));

    act(() =>
      socket.serverSends(studioSocketEvents.replaced, { streamId: STREAM_ID, timestamp: Date.now() }),
    );
    expect(result.current.role).toBe('elsewhere');
    expect(publications[0]?.stop).toHaveBeenCalledTimes(1);
    expect(cam.release).toHaveBeenCalledTimes(1);
    expect(result.current.videoStatus).toBeNull();

    act(() => result.current.reclaim());
    expect(cam.retry).toHaveBeenCalledTimes(1);
  });

  it('publishes at the data-saver profile, and sends at the new one when data-saver is switched off', async () => {
    const { rerender, publish, publications, firstCamera } = setup({ profile: DATA_SAVER_VIDEO });
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(publish.mock.calls[0]?.[2].profile).toEqual(DATA_SAVER_VIDEO);

    rerender({ cam: firstCamera, profile: STANDARD_VIDEO });
    await waitFor(() => expect(publications[0]?.setProfile).toHaveBeenCalledWith(STANDARD_VIDEO));
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it("counts the show's data every few seconds, going on from this tab's earlier count of the show", async () => {
    // An earlier load of the studio in this tab had counted 2 MB of this show.
    sessionStorage.setItem(`studioDataUsed.${STREAM_ID}`, JSON.stringify(2_000_000));
    let sent = 0;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { result } = setup({ bytes: () => sent });
      await waitFor(() => expect(result.current.bytesUsed).toBe(2_000_000));
      sent = 10_300_000;
      await act(() => vi.advanceTimersByTimeAsync(DATA_COUNT_MS));
      expect(result.current.bytesUsed).toBe(12_300_000);
      expect(JSON.parse(sessionStorage.getItem(`studioDataUsed.${STREAM_ID}`) ?? 'null')).toBe(12_300_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no count for a provider that cannot tell', async () => {
    const { result, publish } = setup();
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(result.current.bytesUsed).toBeNull();
  });
});
