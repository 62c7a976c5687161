import type { Prefetch } from '@/app/route-data';
import { liveRoomQueries } from '@/features/live-room/live-room-queries';
import { buyerApi } from '@/features/watch/buyer-session';
import { storefrontQueries, watchQueries } from '@/features/watch/watch-queries';

/*
 * The public pages' first reads, started by their routes' loaders. A buyer opens these cold from a
 * WhatsApp link: this chunk is tiny, so the show's details are on their way long before the page's
 * own code (video, chat, socket) has downloaded. They go through the buyer's API client, as the
 * pages' own queries do.
 */

export const stream: Prefetch = ({ queryClient }, { params }) => {
  const streamId = params.streamId;
  if (!streamId) return;
  void queryClient.prefetchQuery(liveRoomQueries.stream(buyerApi, streamId));
  void queryClient.prefetchQuery(liveRoomQueries.comments(buyerApi, streamId));
};

export const blip: Prefetch = ({ queryClient }, { params }) => {
  const blipId = params.blipId;
  if (blipId) void queryClient.prefetchQuery(watchQueries.blip(buyerApi, blipId));
};

export const store: Prefetch = ({ queryClient }, { params, request }) => {
  const slug = params.slug;
  if (!slug) return;
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  void queryClient.prefetchQuery(storefrontQueries.page(buyerApi, slug, page));
};
