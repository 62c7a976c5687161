import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { ApiClient } from '@/lib/api-client';
import { sellerQueries } from '@/lib/seller-queries';
import { isDirectLoginAccess, readBearerToken, readStoredSeller } from '@/lib/session-token';

/** What a route's loader needs to start its screen's reads: the app's query client and API client. */
export interface RouteData {
  queryClient: QueryClient;
  api: ApiClient;
}

/**
 * Starts a screen's first reads into the query cache (prefetchQuery / prefetchInfiniteQuery, the
 * screen's own query options). Loaders call it without awaiting: navigation waits for the screen's
 * code only, and the screen's useQuery joins the request already on its way.
 */
export type Prefetch = (data: RouteData, args: LoaderFunctionArgs) => void;

/**
 * The dashboard's profile, started by the dashboard branch's loader beside the layout's code, under
 * the same conditions as the layout's own query (a stored seller and token, not direct-login access).
 * It lives here, in the entry chunk, because lib/seller-queries already does (the session's
 * feature-gate handler refreshes the profile by its key).
 */
export const prefetchProfile: Prefetch = ({ queryClient, api }) => {
  const sellerId = readStoredSeller()?._id;
  if (!sellerId || !readBearerToken() || isDirectLoginAccess()) return;
  void queryClient.prefetchQuery(sellerQueries.profile(api, sellerId));
};
