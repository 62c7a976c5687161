import type { Blip, SellerBlipsResponse } from '@kasuwa/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { blipKeys } from '@/features/blips/blips-queries';

/*
 * The grid's pages live in TanStack Query's cache. An upload or a delete edits them in place
 * instead of refetching every loaded page over a slow connection.
 */

export type BlipPages = InfiniteData<SellerBlipsResponse, number>;

/** A new blip goes first, as the list is newest first. */
export function addToGrid(queryClient: QueryClient, sellerId: string, blip: Blip): void {
  const data = queryClient.getQueryData<BlipPages>(blipKeys.list(sellerId));
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) {
    void queryClient.invalidateQueries({ queryKey: blipKeys.list(sellerId) });
    return;
  }
  queryClient.setQueryData<BlipPages>(blipKeys.list(sellerId), {
    ...data,
    pages: [
      {
        ...first,
        blips: [blip, ...first.blips.filter((b) => b._id !== blip._id)],
        totalBlips: first.totalBlips + 1,
      },
      ...rest,
    ],
  });
}

export function dropFromGrid(queryClient: QueryClient, sellerId: string, blipId: string): void {
  queryClient.setQueryData<BlipPages>(blipKeys.list(sellerId), (data) => {
    if (!data) return data;
    const [first, ...rest] = data.pages.map((page) => ({
      ...page,
      blips: page.blips.filter((b) => b._id !== blipId),
    }));
    if (!first) return data;
    return { ...data, pages: [{ ...first, totalBlips: Math.max(0, first.totalBlips - 1) }, ...rest] };
  });
}

/** The blip as the grid has it, to show at once while its details load. */
export function findInGrid(queryClient: QueryClient, sellerId: string, blipId: string): Blip | undefined {
  const data = queryClient.getQueryData<BlipPages>(blipKeys.list(sellerId));
  for (const page of data?.pages ?? []) {
    const blip = page.blips.find((b) => b._id === blipId);
    if (blip) return blip;
  }
  return undefined;
}

/** Every loaded page's blips, each once: an upload shifts the server's pages by one. */
export function gridBlips(data: { pages: SellerBlipsResponse[] } | undefined): Blip[] {
  const seen = new Set<string>();
  const blips: Blip[] = [];
  for (const page of data?.pages ?? []) {
    for (const blip of page.blips) {
      if (!seen.has(blip._id)) {
        seen.add(blip._id);
        blips.push(blip);
      }
    }
  }
  return blips;
}
