import type { Stream } from '@kasuwa/contracts';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { useGoLive } from '@/features/live/studio/use-go-live';
import { createApiClient } from '@/lib/api-client';
import { fakeFetch, storeTestSession } from '@/test/fake-api';
import { fakeCameraStream } from '@/test/fake-media';
import { STREAM_ID, testStream } from '@/test/live-fixtures';

/* Going live alone: the automatic rejoin of a show that was live when the studio opened. */

function setup(stream: Stream) {
  storeTestSession();
  const { fetch, calls } = fakeFetch({
    [`POST /streams/${STREAM_ID}/join-seller`]: { status: 409, body: { message: 'This show has ended' } },
  });
  const api = createApiClient({ fetch });
  const apply = vi.fn();
  const refetch = vi.fn(async () => {});
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
  const view = renderHook(
    ({ cameraStream }: { cameraStream: MediaStream | null }) =>
      useGoLive({ api, streamId: STREAM_ID, stream, status: stream.status, cameraStream, apply, refetch }),
    { wrapper, initialProps: { cameraStream: null as MediaStream | null } },
  );
  const joins = () => calls.filter((c) => c.path === `/streams/${STREAM_ID}/join-seller`).length;
  return { ...view, joins, apply };
}

describe('useGoLive', () => {
  it('rejoins a show live when the studio opened once the camera runs, and after a refusal waits for Go Live', async () => {
    render(<Toaster />);
    const { result, rerender, joins, apply } = setup(testStream({ status: 'live' }));
    await act(() => Promise.resolve());
    expect(joins()).toBe(0);

    rerender({ cameraStream: fakeCameraStream('cam-1') });
    // A toast fades in: it is visible once sonner has mounted it.
    // A toast is visible once sonner has mounted it (it fades in).
    await waitFor(() => expect(screen.getByText('Error starting livestream')).toBeVisible());
    await waitFor(() => expect(screen.getByText('This show has ended')).toBeVisible());
    expect(joins()).toBe(1);
    expect(result.current.broadcast).toBeNull();
    expect(apply).not.toHaveBeenCalled();

    // Another camera (a device switch) does not try again by itself: Go Live is the seller's.
    rerender({ cameraStream: fakeCameraStream('cam-2') });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(joins()).toBe(1);

    await act(() => result.current.goLive());
    await waitFor(() => expect(joins()).toBe(2));
  });
});
