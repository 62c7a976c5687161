import type { Stream, StreamProduct } from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { StudioPage } from '@/features/live/studio/studio-page';
import type { VideoProviderClient } from '@/features/live-room/video/video-provider';
import { createApiClient } from '@/lib/api-client';
import { type FakeAnswer, fakeFetch, type RecordedCall, storeTestSession } from '@/test/fake-api';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { fakeMediaDevices } from '@/test/fake-media';
import { STREAM_ID, testStream } from '@/test/live-fixtures';

/*
 * The studio page whole, as the studio-*.test.tsx files run it: on its route with a fake API, live
 * socket, camera and video provider, and a Toaster, so a test sees what the seller sees.
 */

const studioPath = `/dashboard/live-streams/live-stream-studio/${STREAM_ID}`;
export const chioma = { _id: 'buyer-1', name: 'Chioma' };

type Handlers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;

export function renderStudio(
  options: {
    stream?: Stream;
    handlers?: Handlers;
    failWith?: string;
    state?: unknown;
    /** The publication's count of bytes used (by default, a provider that cannot tell). */
    bytesUsed?: () => number;
  } = {},
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
  const bytesUsed = options.bytesUsed;
  const publish = vi.fn<VideoProviderClient['publish']>(async () => ({
    stop: vi.fn(),
    replaceStream: vi.fn(async () => {}),
    ...(bytesUsed ? { bytesUsed: async () => bytesUsed() } : {}),
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
      { path: '/dashboard/live-streams/past-shows/:id', element: <h1>Past show page</h1> },
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
    media,
    router,
    setServerStream: (next: Stream) => {
      current = next;
    },
    /** The socket's handshake completes. */
    connect: () => act(() => void socket.connect()),
  };
}

export const liveStream = (products?: StreamProduct[]) =>
  testStream({
    status: 'live',
    actualStartTime: new Date(Date.now() - 65_000).toISOString(),
    ...(products ? { products } : {}),
  });
