import type { Category, Product, Stream, StreamStatus } from '@kasuwa/contracts';
import type { UploadFn } from '@/features/live/streams-api';
import { type Answer, type Call, fakeApiClient, type Override } from '@/test/in-memory-api';

/* Test helpers for the live-show screens: factories and an in-memory API behind the stream calls. */

export const SELLER_ID = '7a1c1f8e-0000-4000-8000-000000000001';
export const CATEGORY_ID = '7a1c1f8e-0000-4000-8000-0000000000c1';
export const SUB_CATEGORY_ID = '7a1c1f8e-0000-4000-8000-0000000000d1';

export const categories: Category[] = [
  {
    _id: CATEGORY_ID,
    name: 'Fashion',
    image: { url: '/api/media/categories/fashion.webp' },
    subCategories: [
      { _id: SUB_CATEGORY_ID, name: 'Women’s clothing' },
      { _id: '7a1c1f8e-0000-4000-8000-0000000000d2', name: 'Shoes' },
    ],
  },
];

let serial = 0;
const uuid = (n: number) => `7a1c1f8e-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function testProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  return {
    _id: uuid(1000 + serial),
    sellerId: SELLER_ID,
    name: `Product ${serial}`,
    description: '',
    categoryId: CATEGORY_ID,
    category: 'Fashion',
    subCategoryId: SUB_CATEGORY_ID,
    subCategory: 'Women’s clothing',
    price: 15000,
    priceRange: { min: overrides.price ?? 15000, max: overrides.price ?? 15000 },
    compareAtPrice: null,
    stock: 3,
    condition: 'new',
    weightKg: null,
    dimensionsCm: null,
    images: [],
    tags: [],
    status: 'active',
    saleType: { buyNow: true, auction: null },
    options: [],
    variants: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

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
 * does; `override` can answer any call first (a failure, a 400 with issues).
 */
export function liveApi(options: { products?: Product[]; streams?: Stream[]; override?: Override } = {}) {
  const products = options.products ?? [];
  let streams = [...(options.streams ?? [])];

  const answer = (call: Call): Answer => {
    const forced = options.override?.(call);
    if (forced) return forced;
    const { method, path, query } = call;
    if (method === 'GET' && path === '/categories') return { status: 200, body: { categories } };
    if (method === 'GET' && path.startsWith('/products/seller/')) {
      const search = query.get('search')?.toLowerCase() ?? '';
      const auctions = path.endsWith('/auctions');
      const matching = products.filter(
        (p) =>
          p.status === 'active' &&
          (!auctions || p.saleType.auction !== null) &&
          p.name.toLowerCase().includes(search),
      );
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      const slice = matching.slice((page - 1) * limit, page * limit);
      const totalPages = Math.ceil(matching.length / limit);
      return {
        status: 200,
        body: auctions
          ? {
              auctionProducts: slice,
              pagination: { currentPage: page, totalPages, totalProducts: matching.length, limit },
            }
          : { products: slice, currentPage: page, totalPages, totalProducts: matching.length },
      };
    }
    if (method === 'POST' && (path === '/streams/create' || path === '/streams/open-live-show')) {
      const body = call.body as { title: string; scheduledStartTime?: string };
      const stream = testStream({
        title: body.title,
        type: path === '/streams/create' ? 'live_auction' : 'live_show',
        scheduledStartTime: body.scheduledStartTime ?? new Date().toISOString(),
      });
      streams = [stream, ...streams];
      return { status: 201, body: { message: 'Livestream scheduled successfully', stream } };
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
        },
      };
    }
    const started = path.match(/^\/streams\/([^/]+)\/start$/)?.[1];
    if (method === 'POST' && started) {
      const stream = streams.find((s) => s._id === started);
      if (!stream) return { status: 404, body: { message: 'Stream not found' } };
      const live = { ...stream, status: 'live' as const, actualStartTime: new Date().toISOString() };
      streams = streams.map((s) => (s._id === started ? live : s));
      return { status: 200, body: { message: 'Livestream started successfully', stream: live } };
    }
    if (method === 'POST' && path === '/streams/reschedule-expired') {
      const body = call.body as { streamId: string; newScheduledStartTime: string };
      const stream = streams.find((s) => s._id === body.streamId);
      if (!stream) return { status: 404, body: { message: 'Stream not found' } };
      const next = {
        ...stream,
        status: 'scheduled' as const,
        scheduledStartTime: body.newScheduledStartTime,
      };
      streams = streams.map((s) => (s._id === body.streamId ? next : s));
      return { status: 200, body: { message: 'Stream rescheduled successfully', stream: next } };
    }
    return { status: 404, body: { message: 'Not found' } };
  };

  const { api, calls } = fakeApiClient(answer);
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
