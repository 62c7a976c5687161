import type {
  CreateLiveAuctionBody,
  OpenLiveShowBody,
  Product,
  RescheduleExpiredBody,
  SellerAuctionProductsResponse,
  SellerProductsResponse,
  SellerStreamsResponse,
  StreamMediaUploadResponse,
  StreamResponse,
  StreamStatus,
  StreamType,
} from '@kasuwa/contracts';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { type UploadOptions, uploadForm } from '@/lib/upload';

/* The stream calls of SPEC section 7 "Streams" that scheduling uses, and the products they offer. */

export type UploadFn = typeof uploadForm;

/** The products a show can offer: a page of them and whether more follow. */
export interface PickableProducts {
  products: Product[];
  currentPage: number;
  totalPages: number;
}

export const PICKER_PAGE_SIZE = 20;

/**
 * An Open Live Show offers any active product; a live auction only products set up for auction
 * (GET /products/seller/{sellerId}/auctions).
 */
export async function fetchPickableProducts(
  api: ApiClient,
  sellerId: string,
  kind: StreamType,
  params: { search: string; page: number },
  signal?: AbortSignal,
): Promise<PickableProducts> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(PICKER_PAGE_SIZE) });
  if (params.search.trim()) query.set('search', params.search.trim());
  const seller = encodeURIComponent(sellerId);
  if (kind === 'live_auction') {
    const answer = await api.get<SellerAuctionProductsResponse>(
      `/products/seller/${seller}/auctions?${query}`,
      {
        signal,
      },
    );
    return {
      products: answer.auctionProducts,
      currentPage: answer.pagination.currentPage,
      totalPages: answer.pagination.totalPages,
    };
  }
  query.set('status', 'active');
  const answer = await api.get<SellerProductsResponse>(`/products/seller/${seller}?${query}`, { signal });
  return { products: answer.products, currentPage: answer.currentPage, totalPages: answer.totalPages };
}

export type StreamMediaField = 'coverImage' | 'video';

/** POST /streams/media: one cover image or one preview video, with upload progress (0..1). */
export function uploadStreamMedia(
  field: StreamMediaField,
  file: File,
  onProgress: (fraction: number) => void,
  options: { upload?: UploadFn | undefined; signal?: AbortSignal } = {},
): Promise<StreamMediaUploadResponse> {
  const form = new FormData();
  // STREAM_COVER_IMAGE_FIELD / STREAM_VIDEO_FIELD of the contracts; their values are these names.
  form.append(field, file, file.name || (field === 'video' ? 'preview.mp4' : 'cover.jpg'));
  const upload = options.upload ?? uploadForm;
  const uploadOptions: UploadOptions = {
    onProgress: (loaded, total) => onProgress(total ? loaded / total : 0),
  };
  if (options.signal) uploadOptions.signal = options.signal;
  return upload<StreamMediaUploadResponse>('/streams/media', form, uploadOptions);
}

/** POST /streams/open-live-show or /streams/create (201, the stream). */
export function createStream(
  api: ApiClient,
  kind: StreamType,
  body: OpenLiveShowBody | CreateLiveAuctionBody,
): Promise<StreamResponse> {
  return api.post<StreamResponse>(
    kind === 'live_auction' ? '/streams/create' : '/streams/open-live-show',
    body,
  );
}

export function fetchSellerStreams(
  api: ApiClient,
  sellerId: string,
  params: { status: readonly StreamStatus[]; page: number; limit: number },
  signal?: AbortSignal,
): Promise<SellerStreamsResponse> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  for (const status of params.status) query.append('status', status);
  return api.get<SellerStreamsResponse>(`/streams/seller/${encodeURIComponent(sellerId)}?${query}`, {
    signal,
  });
}

export function startStream(api: ApiClient, streamId: string): Promise<StreamResponse> {
  return api.post<StreamResponse>(`/streams/${encodeURIComponent(streamId)}/start`);
}

export function rescheduleExpiredStream(
  api: ApiClient,
  body: RescheduleExpiredBody,
): Promise<StreamResponse> {
  return api.post<StreamResponse>('/streams/reschedule-expired', body);
}

/**
 * The description of a stream error toast (SPEC section 8): the server's message, else the
 * default. A call that got no answer at all says so, since "Something went wrong" would not tell a
 * seller on a dropped connection what to do.
 */
export function errorDescription(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.kind === 'http') {
    const body = error.body;
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message.trim()
        : '';
    return message || fallback;
  }
  return error.kind === 'aborted' ? fallback : error.message;
}
