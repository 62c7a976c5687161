import {
  type ActivateProductBiddingBody,
  type ActivateProductBiddingResponse,
  type EndStreamResponse,
  type JoinSellerResponse,
  renewTokenResponse,
  STREAM_MESSAGES,
  type Stream,
  type StreamResponse,
} from '@kasuwa/contracts';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';

/** The studio's calls (SPEC section 7 "Streams"), each answering what the studio needs of it. */

const path = (streamId: string, action: string) => `/streams/${encodeURIComponent(streamId)}/${action}`;

export async function startStream(api: ApiClient, streamId: string): Promise<Stream> {
  return (await api.post<StreamResponse>(path(streamId, 'start'))).stream;
}

export async function joinAsSeller(api: ApiClient, streamId: string): Promise<Stream> {
  return (await api.post<JoinSellerResponse>(path(streamId, 'join-seller'))).data.stream;
}

export async function endStream(api: ApiClient, streamId: string): Promise<Stream> {
  return (await api.post<EndStreamResponse>(path(streamId, 'end'))).stream;
}

/**
 * Opens one row's bidding: a product auctioned per variant names the row (`streamProductId`), so
 * the server knows which combination goes under the hammer (issue 14).
 */
export async function activateProductBidding(
  api: ApiClient,
  streamId: string,
  row: { productId: string; streamProductId: string | null },
) {
  const body: ActivateProductBiddingBody = row.streamProductId
    ? { productId: row.productId, streamProductId: row.streamProductId }
    : { productId: row.productId };
  return (await api.post<ActivateProductBiddingResponse>(path(streamId, 'activate-product-bidding'), body))
    .product;
}

/**
 * SPEC section 5: a renewed token needs the seller's own token ('No authentication token found'
 * without it) and an answer with `success: true` and a token ('Invalid token response from
 * server' otherwise).
 */
export async function renewStreamToken(
  api: ApiClient,
  streamId: string,
  sellerToken: () => string | null = readBearerToken,
): Promise<string> {
  if (!sellerToken()) throw new Error(STREAM_MESSAGES.noAuthToken);
  const answer = await api.get<unknown>(path(streamId, 'renew-token'));
  const parsed = renewTokenResponse.safeParse(answer);
  if (!parsed.success) throw new Error(STREAM_MESSAGES.invalidTokenResponse);
  return parsed.data.token;
}

/** SPEC section 8: the server's message, or 'Something went wrong'. */
export function serverMessage(error: unknown): string {
  if (!isApiError(error)) return STREAM_MESSAGES.somethingWentWrong;
  // No answer at all (offline, time-out): the client's own explanation says more than the default.
  if (error.kind !== 'http') return error.message;
  const body = error.body;
  const sent = typeof body === 'object' && body !== null && 'message' in body ? body.message : null;
  return typeof sent === 'string' && sent.trim() !== '' ? sent : STREAM_MESSAGES.somethingWentWrong;
}

/** For failures that may be ours (a refused renewal) or the server's: the most telling text. */
export function errorText(error: unknown): string {
  if (isApiError(error) || !(error instanceof Error)) return serverMessage(error);
  return error.message;
}
