import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { liveQueries } from '@/features/live/live-queries';
import { OrdersPage } from '@/features/orders/orders-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

/** The seller's shows for the Orders filter: the live queries' first pages, newest first. */
function useShowOptions(sellerId: string) {
  const { api } = useAuthContext();
  const past = useInfiniteQuery(liveQueries.past(api, sellerId));
  const upcoming = useInfiniteQuery(liveQueries.upcoming(api, sellerId));
  return useMemo(() => {
    const streams = [...(upcoming.data?.pages ?? []), ...(past.data?.pages ?? [])].flatMap((p) => p.streams);
    const seen = new Set<string>();
    return streams
      .filter((s) => !seen.has(s._id) && seen.add(s._id))
      .map((s) => ({ _id: s._id, title: s.title || 'Untitled show' }));
  }, [past.data, upcoming.data]);
}

function Orders({ sellerId }: { sellerId: string }) {
  const { api } = useAuthContext();
  const shows = useShowOptions(sellerId);
  return <OrdersPage api={api} shows={shows} />;
}

export function Component() {
  const { seller } = useDashboardContext();
  return <DashboardScreen title="Orders">{seller && <Orders sellerId={seller._id} />}</DashboardScreen>;
}
