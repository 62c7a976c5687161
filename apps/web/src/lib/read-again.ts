import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Reads these queries again, from now: for a caller that knows the server's state changed (or may
 * have) after a read already on its way began. `refetchQueries` alone hands such a query's caller
 * the read on its way when the query has no answer yet (TanStack Query cancels an in-flight read
 * first only for a query that has data), and that read would answer the state from before.
 */
export async function readAgain(client: QueryClient, filters: QueryFilters): Promise<void> {
  // Silently and keeping the state as it is now: what a socket event folded in meanwhile stays on
  // screen until the new read answers (a revert would put back the state from before the old read).
  await client.cancelQueries(filters, { revert: false, silent: true });
  await client.refetchQueries(filters);
}

/**
 * For a socket event's handler, once it has folded the change the server announced into a query: a
 * read of that query on its way was asked before the change, and its answer would put the state from
 * before back when it lands (or, with no answer yet, there was nothing to fold the change into). The
 * server keeps a change before it tells anyone, so a read asked now has it.
 */
export function readAgainIfReading(client: QueryClient, filters: QueryFilters): void {
  if (client.isFetching(filters) > 0) void readAgain(client, filters);
}
