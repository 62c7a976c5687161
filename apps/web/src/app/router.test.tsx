import {
  type checkTokenResponse,
  type EarningsSummaryResponse,
  PRODUCT_NAME,
  type Seller,
  type SellerBlipsResponse,
  type SellerReturnsResponse,
} from '@kasuwa/contracts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { paths } from '@/app/paths';
import { AppProviders, createQueryClient } from '@/app/providers';
import { appRoutes, routes } from '@/app/router';
import { defaultChartParams } from '@/features/earnings/earnings-api';
import { api } from '@/lib/api-client';
import { testSummary } from '@/test/earnings';
import { fakeFetch, storeTestSession, testSeller } from '@/test/fake-api';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// The guarded screens need a session; the server answers as for a logged-in, approved seller.
beforeEach(() => {
  storeTestSession();
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /seller/check-token': {
        body: { valid: true, token: 'token-2' } satisfies z.infer<typeof checkTokenResponse>,
      },
      'GET /seller/profile': { body: testSeller() satisfies Seller },
    }).fetch,
  );
});

afterEach(() => {
  // Unmount first: a screen still mounted would make its next call on the real fetch.
  cleanup();
  vi.unstubAllGlobals();
});

async function screenTitle(): Promise<string> {
  // The first dashboard screen transforms the whole shell (sidebar, notifications) on first import,
  // which under a loaded test run can take longer than findBy's default second.
  const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return heading.textContent ?? '';
}

/** Every link target in paths.ts, with its screen's heading. */
const screens: [string, string][] = [
  [paths.login, 'Log in'],
  [paths.signup, 'Create your seller account'],
  [paths.onboarding.profile, 'Apply To Sell'],
  [paths.onboarding.businessOnboarding, 'Business Details'],
  [paths.onboarding.individualOnboarding, 'Individual Seller Information'],
  [paths.onboarding.businessInformation, 'Business Information'],
  [paths.onboarding.businessVerification, 'Business Verification'],
  [paths.onboarding.businessBank, 'Bank Details'],
  [paths.onboarding.businessCategory, 'What Will You Sell'],
  [paths.onboarding.shippingOptions, 'Shipping Options'],
  [paths.onboarding.createProfile, 'Create Profile'],
  [paths.onboarding.individualVerification, 'Individual Verification'],
  [paths.onboarding.accountApproval, 'Account Approval'],
  [paths.dashboard.home, 'Dashboard'],
  [paths.dashboard.customers, 'Customers'],
  [paths.dashboard.customer('c-1'), 'Customer'],
  [paths.dashboard.orders, 'Orders'],
  [paths.dashboard.order('o-1'), 'Order Details'],
  [paths.dashboard.returns, 'Returns Center'],
  [paths.dashboard.return('r-1'), 'Return Details'],
  [paths.dashboard.products, 'Products'],
  [paths.dashboard.addProducts, 'Add Product'],
  [paths.dashboard.editProduct('p-1'), 'Edit Product'],
  [paths.dashboard.editProduct(), 'Edit Product'],
  [paths.dashboard.drafts, 'Drafts'],
  [paths.dashboard.blips, 'Product Blips'],
  [paths.dashboard.marketing.root, 'Marketing'],
  [paths.dashboard.marketing.coupons.list, 'Coupons'],
  [paths.dashboard.marketing.coupons.create, 'Create Coupon'],
  [paths.dashboard.marketing.inboxCampaigns.list, 'Inbox Campaigns'],
  [paths.dashboard.marketing.inboxCampaigns.create, 'Create Inbox Campaign'],
  [paths.dashboard.earningsPayouts, 'Earnings & Payouts'],
  [paths.dashboard.messages, 'Messages'],
  [paths.dashboard.connect, `${PRODUCT_NAME} Connect`],
  [paths.dashboard.liveStreams.liveStream, 'Live Streams'],
  [paths.dashboard.liveStreams.createLiveShow, 'Create Live Show'],
  [paths.dashboard.liveStreams.createLiveAuction, 'Create Live Auction'],
  [paths.dashboard.liveStreams.liveGiveaways, 'Live Giveaways'],
  [paths.dashboard.liveStreams.pastShows, 'Past Shows'],
  [paths.dashboard.liveStreams.scheduledShows, 'Scheduled Shows'],
  [paths.dashboard.liveStreams.submitLiveShow, 'Submit Live Show'],
  // The studio and the watch page of a show the server does not know.
  [paths.dashboard.liveStreams.studio('s-1'), 'Show not found'],
  [paths.watch('s-1'), 'Show not found'],
  // The public page of a blip the server does not know.
  [paths.watchBlip('b-1'), 'Blip not found'],
  [paths.dashboard.livestreaming, 'Livestreaming'],
  [paths.dashboard.settings, 'Settings'],
  [paths.dashboard.account, 'Account'],
  [paths.dashboard.help, 'Help & Support'],
  [paths.dashboard.analyticsInsights, 'Analytics & Insights'],
  [paths.dashboard.kycVerification, 'KYC Verification'],
  [paths.dev.locationPickers, 'Location pickers'],
  // The documents the Create Profile agreements link to.
  [paths.legal.terms, `${PRODUCT_NAME} Terms of Service`],
  [paths.legal.privacy, `${PRODUCT_NAME} Privacy Policy`],
  [paths.legal.sellerAgreement, `${PRODUCT_NAME} Seller Agreement`],
  // The spec also lists these directly under /dashboard.
  ['/dashboard/coupons/list', 'Coupons'],
  ['/dashboard/coupons/create', 'Create Coupon'],
  ['/dashboard/inbox-campaigns/list', 'Inbox Campaigns'],
  ['/dashboard/inbox-campaigns/create', 'Create Inbox Campaign'],
  // Subpaths of the public screens show the same screen.
  ['/login/anything/else', 'Log in'],
  ['/signup/verify', 'Create your seller account'],
  [paths.forgotPassword, 'Forgot your password?'],
  [paths.resetPassword('ngozi@example.ng'), 'Reset your password'],
];

describe('routes', () => {
  it.each(screens)('shows %s with the heading "%s"', async (path, title) => {
    renderAt(path);
    expect(await screenTitle()).toBe(title);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it.each([paths.legal.terms, paths.legal.privacy, paths.legal.sellerAgreement])(
    'shows %s to a visitor without a session',
    async (path) => {
      localStorage.clear();
      const router = renderAt(path);
      expect(await screenTitle()).toMatch(/Terms of Service|Privacy Policy|Seller Agreement/);
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('builds the connect screen path from the brand', () => {
    expect(paths.dashboard.connect).toBe(`/dashboard/${PRODUCT_NAME.toLowerCase()}-connect`);
  });

  it.each([
    [paths.root, paths.dashboard.home, 'Dashboard'],
    [paths.dashboard.root, paths.dashboard.home, 'Dashboard'],
    [paths.onboarding.root, paths.onboarding.profile, 'Apply To Sell'],
    [paths.dashboard.liveStreams.root, paths.dashboard.liveStreams.liveStream, 'Live Streams'],
    [paths.dashboard.marketing.coupons.root, paths.dashboard.marketing.coupons.list, 'Coupons'],
    [
      paths.dashboard.marketing.inboxCampaigns.root,
      paths.dashboard.marketing.inboxCampaigns.list,
      'Inbox Campaigns',
    ],
    ['/dashboard/coupons', '/dashboard/coupons/list', 'Coupons'],
    ['/dashboard/inbox-campaigns', '/dashboard/inbox-campaigns/list', 'Inbox Campaigns'],
  ])('redirects %s to %s', async (from, to, title) => {
    const router = renderAt(from);
    expect(await screenTitle()).toBe(title);
    expect(router.state.location.pathname).toBe(to);
  });

  it.each([paths.dashboard.home, paths.dashboard.orders, paths.onboarding.profile])(
    'sends a visitor without a session from %s to /login',
    async (path) => {
      localStorage.clear();
      const router = renderAt(path);
      expect(await screenTitle()).toBe('Log in');
      expect(router.state.location.pathname).toBe(paths.login);
    },
  );

  it('sends a visitor without a session from the root path to /login', async () => {
    localStorage.clear();
    const router = renderAt(paths.root);
    expect(await screenTitle()).toBe('Log in');
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it.each(['/some/unknown/path', '/dashboard/no-such-screen', '/onboarding/no-such-step'])(
    'shows the not-found page for %s',
    async (path) => {
      renderAt(path);
      expect(await screenTitle()).toBe('Oops! Page Not Found');
    },
  );

  it('names the browser tab after the screen', async () => {
    renderAt(paths.dashboard.orders);
    await screenTitle();
    expect(document.title).toBe(`Orders · ${PRODUCT_NAME} Seller`);
  });
});

describe('route loaders', () => {
  /**
   * Renders the app's routes with their loaders and records, for every request, whether the router
   * had finished loading the screen's code when it started: the screen cannot render before that.
   */
  function renderWithLoaders(path: string, answers: Parameters<typeof fakeFetch>[0]) {
    const startedBeforeScreen: string[] = [];
    const fake = fakeFetch(answers);
    const queryClient = createQueryClient();
    const router = createMemoryRouter(appRoutes({ queryClient, api }), { initialEntries: [path] });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!router.state.initialized) startedBeforeScreen.push(String(input).replace(/^.*?\/api(?=\/)/, ''));
      return fake.fetch(input, init);
    });
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return { calls: fake.calls, startedBeforeScreen, router };
  }

  const blipsPage = '/products/seller/seller-1/blips?page=1&limit=12';
  const emptyPage = (name: string, limit: number) => ({
    [name]: [],
    pagination: { page: 1, limit, total: 0, totalPages: 0 },
  });

  it("starts the blips screen's list and the profile with the screen's code, once each", async () => {
    const { calls, startedBeforeScreen } = renderWithLoaders(paths.dashboard.blips, {
      'GET /seller/check-token': { body: { valid: true, token: 'token-2' } },
      'GET /seller/profile': { body: testSeller() satisfies Seller },
      [`GET ${blipsPage}`]: {
        body: {
          blips: [],
          seller: { _id: 'seller-1', storeName: 'Ngozi Wears', storeAvatar: { url: null } },
          currentPage: 1,
          totalPages: 0,
          totalBlips: 0,
        } satisfies SellerBlipsResponse,
      },
    });
    expect(await screenTitle()).toBe('Product Blips');
    expect(startedBeforeScreen).toEqual(expect.arrayContaining(['/seller/profile', blipsPage]));
    // The screens' own queries joined the loaders' requests: one round trip each.
    expect(calls.filter((c) => c.path === blipsPage)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/seller/profile')).toHaveLength(1);
  });

  it("starts the earnings screen's balances, chart, transactions and payouts with the screen's code, once each", async () => {
    const reads = ['/earnings/summary', '/earnings/chart', '/earnings/transactions', '/payouts'];
    const chart = defaultChartParams('day');
    const { calls, startedBeforeScreen } = renderWithLoaders(
      `${paths.dashboard.earningsPayouts}?filter=sales`,
      {
        'GET /seller/check-token': { body: { valid: true, token: 'token-2' } },
        'GET /seller/profile': { body: testSeller() satisfies Seller },
        'GET /earnings/summary': { body: testSummary() satisfies EarningsSummaryResponse },
        [`GET /earnings/chart?from=${chart.from}&to=${chart.to}&granularity=day`]: { body: { points: [] } },
        'GET /earnings/transactions?filter=sales&page=1&limit=20': { body: emptyPage('transactions', 20) },
        'GET /payouts?page=1&limit=10': { body: emptyPage('payouts', 10) },
      },
    );
    expect(await screenTitle()).toBe('Earnings & Payouts');
    const pathOf = (url: string) => url.split('?')[0] ?? '';
    expect(startedBeforeScreen.map(pathOf)).toEqual(expect.arrayContaining(reads));
    expect(startedBeforeScreen).toContain('/earnings/transactions?filter=sales&page=1&limit=20');
    // The screen's own queries joined the loader's requests: one round trip each.
    for (const read of reads) expect(calls.filter((c) => pathOf(c.path) === read)).toHaveLength(1);
  });

  it("starts the Returns Center's page as its address names it with the screen's code, once", async () => {
    const returnsPage = '/returns?tab=in_progress&page=2&limit=20';
    const { calls, startedBeforeScreen } = renderWithLoaders(
      `${paths.dashboard.returns}?tab=in_progress&page=2`,
      {
        'GET /seller/check-token': { body: { valid: true, token: 'token-2' } },
        'GET /seller/profile': { body: testSeller() satisfies Seller },
        [`GET ${returnsPage}`]: {
          body: {
            returns: [],
            counts: { requested: 0, in_progress: 0, refunded: 0, rejected: 0, all: 0 },
            pagination: { page: 2, limit: 20, total: 0, totalPages: 0 },
          } satisfies SellerReturnsResponse,
        },
      },
    );
    expect(await screenTitle()).toBe('Returns Center');
    expect(startedBeforeScreen).toContain(returnsPage);
    expect(calls.filter((c) => c.path === returnsPage)).toHaveLength(1);
  });

  it("turns a screen's page with one read, the new page's: no loader runs again for a change of search alone", async () => {
    const returnsPage = (page: number) => `/returns?tab=in_progress&page=${page}&limit=20`;
    const answer = (page: number) => ({
      body: {
        returns: [],
        counts: { requested: 0, in_progress: 60, refunded: 0, rejected: 0, all: 60 },
        pagination: { page, limit: 20, total: 60, totalPages: 3 },
      } satisfies SellerReturnsResponse,
    });
    const { calls, router } = renderWithLoaders(`${paths.dashboard.returns}?tab=in_progress&page=2`, {
      'GET /seller/check-token': { body: { valid: true, token: 'token-2' } },
      'GET /seller/profile': { body: testSeller() satisfies Seller },
      [`GET ${returnsPage(2)}`]: answer(2),
      [`GET ${returnsPage(3)}`]: answer(3),
    });
    expect(await screenTitle()).toBe('Returns Center');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(returnsPage(2)));
    // The header's counts are read a commit after the first (layout.route): the screen is whole then.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/conversations/unread-count'));
    const before = calls.length;
    // The move goes straight to the new page: the router never waits on loaders for it.
    const states: string[] = [];
    const stop = router.subscribe((state) => states.push(state.navigation.state));
    await act(() => router.navigate(`${paths.dashboard.returns}?tab=in_progress&page=3`));
    stop();
    expect(states).not.toContain('loading');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(returnsPage(3)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = calls.slice(before).map((c) => c.path);
    expect(after.filter((path) => path !== '/seller/check-token')).toEqual([returnsPage(3)]);
  });

  it('starts nothing for a visitor the session check sends to /login', async () => {
    localStorage.clear();
    const { calls } = renderWithLoaders(paths.dashboard.blips, {});
    expect(await screenTitle()).toBe('Log in');
    expect(calls.map((c) => c.path)).not.toContain(blipsPage);
    expect(calls.map((c) => c.path)).not.toContain('/seller/profile');
  });
});
