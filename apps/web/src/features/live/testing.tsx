import {
  createLiveAuctionBody,
  openLiveShowBody,
  type Product,
  rescheduleExpiredBody,
  type SellerStreamsResponse,
  type Stream,
  type StreamResponse,
  type StreamStatus,
} from '@kasuwa/contracts';
import type { UploadFn } from '@/features/live/streams-api';
import { CATEGORY_ID, fakeSellerApi, TEST_SELLER_ID } from '@/test/catalogue';
import type { Answer, Call, Override } from '@/test/in-memory-api';

/* Test helpers for the live-show screens: factories and an in-memory API behind the stream calls. */

export const SELLER_ID = TEST_SELLER_ID;
export { CATEGORY_ID, SUB_CATEGORY_ID, testCategories as categories, testProduct } from '@/test/catalogue';

let serial = 0;
const uuid = (n: number) => `7a1c1f8e-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function testStream(overrides: Partial<Stream> = {}): Stream {
  serial += 1;
  const id = uuid(5000 + serial);
  return {
    _id: id,
    sellerId: SELLER_ID,
    title: `Show ${serial}`,
    description: '',
    category: { _id: CATEGORY_ID, name: 'Fashion' },
    subCategory: null,
    tags: [],
    coverImage: null,
    video: null,
    products: [],
    channelName: `stream-${id}`,
    agoraToken: null,
    videoProvider: 'local',
    videoServerUrl: null,
    scheduledStartTime: '2030-05-01T18:30:00.000Z',
    actualStartTime: null,
    endedAt: null,
    status: 'scheduled',
    type: 'live_show',
    viewerCount: 0,
    peakViewers: 0,
    watchUrl: `https://kasuwa.example/watch/${id}`,
    summary: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export type { Call } from '@/test/in-memory-api';

/**
 * The seller's products and shows behind the calls the live screens make, answering as the server
 * does; `override` can answer any call first (a failure, a 400 with issues). Request bodies are read
 * with the contract's schemas, as the server reads them: a body the server would refuse gets its 400
 * and fails the test when it ends, so the fake cannot accept what the server does not. Answers are
 * typed with the contract's response types. Call it inside a test.
 */
export function liveApi(options: { products?: Product[]; streams?: Stream[]; override?: Override } = {}) {
  let streams = [...(options.streams ?? [])];
  // Request bodies are read with the contract's schemas by fakeSellerApi (test/contract-fake.ts).

  const answer = (call: Call): Answer | undefined => {
    const { method, path, query } = call;
    if (method === 'POST' && (path === '/streams/create' || path === '/streams/open-live-show')) {
      const auction = path === '/streams/create';
      const body = (auction ? createLiveAuctionBody : openLiveShowBody).parse(call.body);
      const stream = testStream({
        title: body.title,
        type: auction ? 'live_auction' : 'live_show',
        scheduledStartTime: body.scheduledStartTime ?? new Date().toISOString(),
      });
      streams = [stream, ...streams];
      return {
        status: 201,
        body: { message: 'Livestream scheduled successfully', stream } satisfies StreamResponse,
      };
    }
    if (method === 'GET' && path.startsWith('/streams/seller/')) {
      const statuses = query.getAll('status') as StreamStatus[];
      const matching = streams.filter((s) => statuses.length === 0 || statuses.includes(s.status));
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      return {
        status: 200,
        body: {
          streams: matching.slice((page - 1) * limit, page * limit),
          pagination: {
            currentPage: page,
            totalPages: Math.ceil(matching.length / limit),
            total: matching.length,
            hasMore: page * limit < matching.length,
          },
        } satisfies SellerStreamsResponse,
      };
    }
    const started = path.match(/^\/streams\/([^/]+)\/start$/)?.[1];
    if (method === 'POST' && started) {
      const stream = streams.find((s) => s._id === started);
      if (!stream) return { status: 404, body: { message: 'Stream not found' } };
      const live = { ...stream, status: 'live' as const, actualStartTime: new Date().toISOString() };
      streams = streams.map((s) => (s._id === started ? live : s));
      return {
        status: 200,
        body: { message: 'Livestream started successfully', stream: live } satisfies StreamResponse,
      };
    }
    if (method === 'POST' && path === '/streams/reschedule-expired') {
      const body = rescheduleExpiredBody.parse(call.body);
      const stream = streams.find((s) => s._id === body.streamId);
      if (!stream) return { status: 404, body: { message: 'Stream not found' } };
      const next = {
        ...stream,
        status: 'scheduled' as const,
        scheduledStartTime: body.newScheduledStartTime,
      };
      streams = streams.map((s) => (s._id === body.streamId ? next : s));
      return {
        status: 200,
        body: { message: 'Stream rescheduled successfully', stream: next } satisfies StreamResponse,
      };
    }
    return undefined;
  };

  const { api, calls } = fakeSellerApi({
    products: options.products,
    // Before any override: a test that forces an answer still sends a body the server would read.
    override: options.override,
    feature: answer,
  });
  return { api, calls, streams: () => streams };
}

/** An upload that reports half way, then answers with a URL named after the form field. */
export function fakeUpload() {
  const sent: string[] = [];
  const upload = (async (
    _path: string,
    form: FormData,
    options?: { onProgress?: (a: number, b: number) => void },
  ) => {
    const field = [...form.keys()][0] ?? 'coverImage';
    sent.push(field);
    options?.onProgress?.(50, 100);
    return {
      message: 'Uploaded',
      media: {
        url: `/api/media/streams/${field}-${sent.length}.${field === 'video' ? 'mp4' : 'webp'}`,
        kind: field === 'video' ? 'video' : 'image',
        durationSeconds: field === 'video' ? 12 : null,
      },
    };
  }) as UploadFn;
  return { upload, sent };
}
