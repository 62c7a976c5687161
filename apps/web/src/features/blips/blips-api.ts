import type {
  Blip,
  BlipComment,
  BlipCommentsResponse,
  BlipDetailsResponse,
  BlipReplyResponse,
  BlipUploadResponse,
  DeleteBlipResponse,
  SellerBlipsResponse,
  SellerProductsResponse,
} from '@kasuwa/contracts';
import { BLIP_CAPTION_FIELD, BLIP_POSTER_FIELD, BLIP_VIDEO_FIELD } from '@kasuwa/contracts/limits';
import { type ApiClient, ApiError, isApiError } from '@/lib/api-client';
import { type UploadOptions, uploadForm } from '@/lib/upload';

/*
 * The blip calls of SPEC section 7 and their toasts (section 8). Only types come from the
 * contracts' schemas: a value import from there would pull zod into the blips chunk; the limits
 * the screens check come from the zod-free `@kasuwa/contracts/limits`.
 */

/** SPEC section 9: blip comments come 10 at a time. */
export const COMMENTS_PAGE_LIMIT = 10;
/** 12 fills whole rows of 2, 3 or 4 columns. */
export const BLIPS_PAGE_LIMIT = 12;

export const blipMessages = {
  fetchListFailed: 'Failed to fetch blips',
  fetchDetailsFailed: 'Failed to fetch blip details',
  fetchCommentsFailed: 'Failed to fetch blip comments',
  replyFailed: 'Failed to add reply',
  replied: 'Reply added successfully',
  uploaded: 'Blip uploaded successfully',
  deleted: 'Blip deleted successfully',
  deleteFailed: 'Failed to delete blip',
} as const;

const blipPath = (productId: string, blipId: string) =>
  `/products/${encodeURIComponent(productId)}/blips/${encodeURIComponent(blipId)}`;

export function fetchSellerBlips(
  api: ApiClient,
  sellerId: string,
  page: number,
  signal?: AbortSignal,
): Promise<SellerBlipsResponse> {
  const query = new URLSearchParams({ page: String(page), limit: String(BLIPS_PAGE_LIMIT) });
  return api.get<SellerBlipsResponse>(`/products/seller/${encodeURIComponent(sellerId)}/blips?${query}`, {
    signal,
  });
}

export async function fetchBlip(
  api: ApiClient,
  productId: string,
  blipId: string,
  signal?: AbortSignal,
): Promise<Blip> {
  const answer = await api.get<BlipDetailsResponse>(blipPath(productId, blipId), { signal });
  return answer.blip;
}

export function fetchBlipComments(
  api: ApiClient,
  productId: string,
  blipId: string,
  page: number,
  signal?: AbortSignal,
): Promise<BlipCommentsResponse> {
  const query = new URLSearchParams({ page: String(page), limit: String(COMMENTS_PAGE_LIMIT) });
  return api.get<BlipCommentsResponse>(`${blipPath(productId, blipId)}/comments?${query}`, { signal });
}

export function replyToComment(
  api: ApiClient,
  productId: string,
  blipId: string,
  commentId: string,
  comment: string,
): Promise<BlipReplyResponse> {
  return api.post<BlipReplyResponse>(
    `${blipPath(productId, blipId)}/comments/${encodeURIComponent(commentId)}/replies`,
    { comment },
  );
}

export function deleteBlip(api: ApiClient, productId: string, blipId: string): Promise<DeleteBlipResponse> {
  return api.request<DeleteBlipResponse>(blipPath(productId, blipId), { method: 'DELETE' });
}

/**
 * The seller's products to attach a blip to, searched by name on the server: a catalogue of
 * thousands cannot be loaded into the picker at once.
 */
export function fetchProductChoices(
  api: ApiClient,
  sellerId: string,
  search: string,
  signal?: AbortSignal,
): Promise<SellerProductsResponse> {
  const query = new URLSearchParams({ page: '1', limit: '20', sortBy: 'newest' });
  if (search) query.set('search', search);
  return api.get<SellerProductsResponse>(`/products/seller/${encodeURIComponent(sellerId)}?${query}`, {
    signal,
  });
}

export type UploadFn = typeof uploadForm;

export interface BlipUpload {
  productId: string;
  video: File;
  poster: Blob | null;
  caption: string;
}

/** A 50 MB video over patchy 4G can take minutes; the seller sees progress and can cancel. */
const BLIP_UPLOAD_TIMEOUT_MS = 15 * 60_000;

/** POST /products/{productId}/blips as multipart: video, optional poster, caption. */
export function uploadBlip(
  input: BlipUpload,
  options: {
    onProgress: (fraction: number) => void;
    signal?: AbortSignal;
    upload?: UploadFn;
    api?: UploadOptions['api'];
  },
): Promise<BlipUploadResponse> {
  const form = new FormData();
  // Text fields first: a server reading the stream can reject a bad caption before the video arrives.
  form.append(BLIP_CAPTION_FIELD, input.caption);
  if (input.poster) form.append(BLIP_POSTER_FIELD, input.poster, 'poster.jpg');
  form.append(BLIP_VIDEO_FIELD, input.video, input.video.name || 'blip.mp4');
  const uploadOptions: UploadOptions = {
    onProgress: (loaded, total) => options.onProgress(total ? loaded / total : 0),
    timeoutMs: BLIP_UPLOAD_TIMEOUT_MS,
  };
  if (options.signal) uploadOptions.signal = options.signal;
  if (options.api) uploadOptions.api = options.api;
  return (options.upload ?? uploadForm)<BlipUploadResponse>(
    `/products/${encodeURIComponent(input.productId)}/blips`,
    form,
    uploadOptions,
  );
}

/**
 * What to tell the seller when an upload fails. The server's message wins; a proxy in front of it
 * may answer 413 or 415 with an HTML page, which gets a sentence about the limit instead.
 */
export function uploadFailureMessage(error: unknown): string {
  if (!isApiError(error)) return 'The upload failed. Please try again.';
  const hasServerMessage = typeof error.body === 'object' && error.body !== null && 'message' in error.body;
  if (!hasServerMessage && error.status === 413)
    return 'This video is too large. Blips can be at most 50 MB.';
  if (!hasServerMessage && error.status === 415)
    return 'This file type is not supported. Choose an MP4, WebM or MOV video.';
  return error.message;
}

export const isCancelled = (error: unknown) => error instanceof ApiError && error.kind === 'aborted';

export type { Blip, BlipComment };
