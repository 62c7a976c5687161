import type {
  Blip,
  BlipCommentsResponse,
  BlipDetailsResponse,
  BlipLikeResponse,
  BlipReplyResponse,
  BlipViewResponse,
  BuyerBlipCommentResponse,
} from '@kasuwa/contracts';
import type { ApiClient } from '@/lib/api-client';

/* The calls of the public blip page (`/watch/blips/{blipId}`), all through the buyer's API client. */

/** SPEC section 9: blip comments come 10 at a time. */
export const BLIP_COMMENTS_PAGE_LIMIT = 10;

const blipPath = (blipId: string) => `/blips/${encodeURIComponent(blipId)}`;

export async function fetchPublicBlip(api: ApiClient, blipId: string, signal?: AbortSignal): Promise<Blip> {
  return (await api.get<BlipDetailsResponse>(blipPath(blipId), { signal })).blip;
}

export function fetchLikeState(api: ApiClient, blipId: string, signal?: AbortSignal) {
  return api.get<BlipLikeResponse>(`${blipPath(blipId)}/like`, { signal });
}

export function setLiked(api: ApiClient, blipId: string, liked: boolean) {
  return api.request<BlipLikeResponse>(`${blipPath(blipId)}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

/** Counts this viewer's view; the server counts a viewer once a day (BLIP_VIEW_WINDOW_HOURS). */
export function recordView(api: ApiClient, blipId: string, viewerId: string) {
  return api.post<BlipViewResponse>(`${blipPath(blipId)}/views`, { viewerId });
}

/** The same public list the seller's dashboard reads, newest first. */
export function fetchComments(
  api: ApiClient,
  blip: Pick<Blip, '_id' | 'productId'>,
  page: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ page: String(page), limit: String(BLIP_COMMENTS_PAGE_LIMIT) });
  return api.get<BlipCommentsResponse>(
    `/products/${encodeURIComponent(blip.productId)}/blips/${encodeURIComponent(blip._id)}/comments?${query}`,
    { signal },
  );
}

export function postComment(api: ApiClient, blipId: string, comment: string) {
  return api.post<BuyerBlipCommentResponse>(`${blipPath(blipId)}/comments`, { comment });
}

export function postReply(api: ApiClient, blipId: string, commentId: string, comment: string) {
  return api.post<BlipReplyResponse>(
    `${blipPath(blipId)}/comments/${encodeURIComponent(commentId)}/replies`,
    { comment },
  );
}
