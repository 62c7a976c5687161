import type { Prefetch } from '@/app/route-data';
import { blipQueries } from '@/features/blips/blips-queries';
import { customerQueries, readCustomerParams } from '@/features/customers/customers-api';
import { defaultChartParams, readTransactionParams } from '@/features/earnings/earnings-api';
import { earningsQueries } from '@/features/earnings/earnings-queries';
import { homeQueries, ordersOverviewQuery } from '@/features/home/home-queries';
import { liveQueries } from '@/features/live/live-queries';
import { notificationQueries } from '@/features/notifications/notifications-queries';
import { readOrderParams } from '@/features/orders/orders-api';
import { orderQueries } from '@/features/orders/orders-queries';
import { readReturnParams } from '@/features/returns/returns-api';
import { returnQueries } from '@/features/returns/returns-queries';
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
  void queryClient.prefetchQuery(ordersOverviewQuery(api));
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

// The orders route's filter lists the seller's upcoming and past shows (orders.route.tsx).
const showOptions = withSeller(({ queryClient, api }, sellerId) => {
  void queryClient.prefetchInfiniteQuery(liveQueries.past(api, sellerId));
  void queryClient.prefetchInfiniteQuery(liveQueries.upcoming(api, sellerId));
});

/** The Orders screen's page as its URL names it, and the seller's shows its filter offers. */
export const orders: Prefetch = (data, args) => {
  const { queryClient, api } = data;
  void queryClient.prefetchQuery(
    orderQueries.list(api, readOrderParams(new URL(args.request.url).searchParams)),
  );
  showOptions(data, args);
};

export const order: Prefetch = ({ queryClient, api }, { params }) => {
  if (params.orderId) void queryClient.prefetchQuery(orderQueries.detail(api, params.orderId));
};

export const customers: Prefetch = ({ queryClient, api }, { request }) => {
  void queryClient.prefetchQuery(
    customerQueries.list(api, readCustomerParams(new URL(request.url).searchParams)),
  );
};

export const customer: Prefetch = ({ queryClient, api }, { params }) => {
  if (params.id) void queryClient.prefetchQuery(customerQueries.detail(api, params.id));
};

/** Earnings & Payouts: the cards, the chart's first range, the transactions page the URL names, the first payouts. */
export const earnings: Prefetch = ({ queryClient, api }, { request }) => {
  void queryClient.prefetchQuery(earningsQueries.summary(api));
  void queryClient.prefetchQuery(earningsQueries.chart(api, defaultChartParams('day')));
  void queryClient.prefetchQuery(
    earningsQueries.transactions(api, readTransactionParams(new URL(request.url).searchParams)),
  );
  void queryClient.prefetchQuery(earningsQueries.payouts(api, 1));
};

/** The Returns Center's page as its URL names it. */
export const returns: Prefetch = ({ queryClient, api }, { request }) => {
  void queryClient.prefetchQuery(
    returnQueries.list(api, readReturnParams(new URL(request.url).searchParams)),
  );
};

export const returnDetail: Prefetch = ({ queryClient, api }, { params }) => {
  if (params.id) void queryClient.prefetchQuery(returnQueries.detail(api, params.id));
};
