import type { Prefetch } from '@/app/route-data';
import { blipQueries } from '@/features/blips/blips-queries';
import { homeQueries } from '@/features/home/home-queries';
import { liveQueries } from '@/features/live/live-queries';
import { notificationQueries } from '@/features/notifications/notifications-queries';
import { readStoredSeller } from '@/lib/session-token';

/*
 * The first reads of the dashboard screens, started by their routes' loaders while the screens'
 * code downloads (router.tsx). One small chunk for all of them: the first dashboard screen loads
 * it, so every later move inside the dashboard starts its data at once. The seller is the stored
 * one, the same id the screens key their queries by.
 */

function withSeller(start: (data: Parameters<Prefetch>[0], sellerId: string) => void): Prefetch {
  return (data) => {
    const sellerId = readStoredSeller()?._id;
    if (sellerId) start(data, sellerId);
  };
}

export const home = withSeller(({ queryClient, api }, sellerId) => {
  void queryClient.prefetchQuery(homeQueries.topSoldProducts(api, sellerId));
  void queryClient.prefetchInfiniteQuery(liveQueries.upcoming(api, sellerId));
  void queryClient.prefetchQuery(notificationQueries.list(api, sellerId));
});

export const blips = withSeller(({ queryClient, api }, sellerId) => {
  void queryClient.prefetchInfiniteQuery(blipQueries.list(api, sellerId));
});

/** The live-stream page and Scheduled Shows both list the upcoming shows. */
export const upcomingShows = withSeller(({ queryClient, api }, sellerId) => {
  void queryClient.prefetchInfiniteQuery(liveQueries.upcoming(api, sellerId));
});

export const pastShows = withSeller(({ queryClient, api }, sellerId) => {
  void queryClient.prefetchInfiniteQuery(liveQueries.past(api, sellerId));
});
