import type {
  BuyerReturnBody,
  BuyerReturnOptionsResponse,
  BuyerReturnResponse,
  ReturnActionResponse,
  ReturnMessageBody,
  ReturnPhoto,
  ReturnResponse,
  ReturnTab,
  SellerReturnActionBody,
  SellerReturnsResponse,
} from '@kasuwa/contracts';
import { RETURN_TABS } from '@/features/returns/return-labels';
import type { ApiClient } from '@/lib/api-client';
import { type UploadOptions, uploadForm } from '@/lib/upload';

/* The return calls (packages/contracts/src/returns.ts), seller and buyer; only types from the contracts. */

export const RETURNS_PAGE_SIZE = 20;

/** The Returns Center's list state, as the URL holds it. */
export interface ReturnListParams {
  tab: ReturnTab;
  search?: string | undefined;
  page: number;
}

/** Requests first: they are what the seller must answer. */
export const DEFAULT_RETURN_PARAMS: ReturnListParams = { tab: 'requested', page: 1 };

export function readReturnParams(search: URLSearchParams): ReturnListParams {
  const tab = search.get('tab');
  const page = Number(search.get('page'));
  const text = search.get('search')?.trim().slice(0, 100) ?? '';
  return {
    tab: RETURN_TABS.includes(tab as ReturnTab) ? (tab as ReturnTab) : DEFAULT_RETURN_PARAMS.tab,
    search: text || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query for a list state; defaults are left out so the plain screen has a plain URL. */
export function writeReturnParams(params: ReturnListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.tab !== DEFAULT_RETURN_PARAMS.tab) query.set('tab', params.tab);
  if (params.search) query.set('search', params.search);
  if (params.page !== 1) query.set('page', String(params.page));
  return query;
}

/** The API's query (sellerReturnsQuery). */
export function returnsApiQuery(params: ReturnListParams): string {
  const query = new URLSearchParams({ tab: params.tab });
  if (params.search) query.set('search', params.search);
  query.set('page', String(params.page));
  query.set('limit', String(RETURNS_PAGE_SIZE));
  return query.toString();
}

const sellerPath = (returnId: string) => `/returns/${encodeURIComponent(returnId)}`;
const buyerPath = (returnId: string) => `/buyer/returns/${encodeURIComponent(returnId)}`;

export const fetchReturns = (api: ApiClient, params: ReturnListParams, signal?: AbortSignal) =>
  api.get<SellerReturnsResponse>(`/returns?${returnsApiQuery(params)}`, { signal });

export const fetchReturn = (api: ApiClient, returnId: string, signal?: AbortSignal) =>
  api.get<ReturnResponse>(sellerPath(returnId), { signal });

export const postReturnAction = (api: ApiClient, returnId: string, body: SellerReturnActionBody) =>
  api.post<ReturnActionResponse>(`${sellerPath(returnId)}/actions`, body);

export const postSellerReturnMessage = (api: ApiClient, returnId: string, body: ReturnMessageBody) =>
  api.post<ReturnResponse>(`${sellerPath(returnId)}/messages`, body);

// ---- Buyer ----

export const fetchReturnOptions = (api: ApiClient, orderId: string, signal?: AbortSignal) =>
  api.get<BuyerReturnOptionsResponse>(`/buyer/orders/${encodeURIComponent(orderId)}/return-options`, {
    signal,
  });

export const fetchBuyerReturn = (api: ApiClient, returnId: string, signal?: AbortSignal) =>
  api.get<BuyerReturnResponse>(buyerPath(returnId), { signal });

export const postBuyerReturn = (api: ApiClient, body: BuyerReturnBody) =>
  api.post<BuyerReturnResponse>('/buyer/returns', body);

export const postBuyerReturnMessage = (api: ApiClient, returnId: string, body: ReturnMessageBody) =>
  api.post<BuyerReturnResponse>(`${buyerPath(returnId)}/messages`, body);

export interface ShippedBackBody {
  carrier?: string;
  trackingNumber?: string;
}
export const postShippedBack = (api: ApiClient, returnId: string, body: ShippedBackBody) =>
  api.post<BuyerReturnResponse>(`${buyerPath(returnId)}/shipped`, body);

export const postWithdraw = (api: ApiClient, returnId: string) =>
  api.post<BuyerReturnResponse>(`${buyerPath(returnId)}/withdraw`, {});

/**
 * Sends one photo (POST /buyer/returns/photos, multipart field `photo`) and reports how much has
 * gone, from 0 to 1. The route hands one in with the buyer's token (features may not read the buyer
 * session); tests hand in their own.
 */
export type ReturnPhotoUploader = (
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) => Promise<ReturnPhoto>;

export const RETURN_PHOTO_FIELD = 'photo';
export const MAX_RETURN_PHOTOS = 5;
/** The server's per-file limit for uploads (docs/architecture.md, "Onboarding and uploads"). */
export const MAX_RETURN_PHOTO_BYTES = 10 * 1024 * 1024;

export function buyerReturnPhotoUploader(
  api: UploadOptions['api'],
  getToken: () => string | null,
): ReturnPhotoUploader {
  return async (file, onProgress, signal) => {
    const form = new FormData();
    form.append(RETURN_PHOTO_FIELD, file, file.name || 'photo.jpg');
    const options: UploadOptions = {
      token: getToken(),
      onProgress: (loaded, total) => onProgress(total ? loaded / total : 0),
    };
    if (signal) options.signal = signal;
    if (api) options.api = api;
    const answer = await uploadForm<{ photo: ReturnPhoto }>('/buyer/returns/photos', form, options);
    return answer.photo;
  };
}
