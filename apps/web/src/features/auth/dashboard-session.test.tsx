import { SUPPORT_EMAIL } from '@kasuwa/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as HomeScreen } from '@/app/routes/dashboard/home.route';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout.route';
import { Component as OrdersScreen } from '@/app/routes/dashboard/orders.route';
import { chatWidgetKeyPrefix, localKeys, sessionKeys } from '@/lib/storage';
import { type FakeAnswer, fakeFetch, storeTestSession, testSeller } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { loadDialog } from '@/ui/lazy-dialog';

afterEach(() => {
  vi.useRealTimers();
});

const dashboardRoutes = [
  {
    path: 'dashboard',
    element: <DashboardLayout />,
    children: [
      { path: 'home', element: <HomeScreen /> },
      { path: 'orders', element: <OrdersScreen /> },
    ],
  },
];

function renderDashboard(profile: FakeAnswer, extra: Record<string, FakeAnswer> = {}) {
  storeTestSession(testSeller(), 'token-1');
  const fake = fakeFetch({
    'GET /seller/check-token': { body: { valid: true, token: 'token-2' } },
    'GET /seller/profile': profile,
    ...extra,
  });
  const view = renderApp({ path: '/dashboard/home', routes: dashboardRoutes, fetch: fake.fetch });
  return { ...view, calls: fake.calls };
}

/** Lets pending fetches, React updates and timers up to `ms` run, under fake timers. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('entering the dashboard', () => {
  it("shows the seller's name and store from the profile in the header", async () => {
    renderDashboard({
      body: testSeller({ firstName: 'Amaka', lastName: 'Okafor', storeName: "Amaka's Closet" }),
    });
    expect(await screen.findByText('Amaka Okafor')).toBeVisible();
    expect(screen.getByText("Amaka's Closet")).toBeVisible();
    expect(screen.getByRole('link', { name: /Amaka Okafor/ }).getAttribute('href')).toBe(
      '/dashboard/account',
    );
  });

  it('checks the token on entry and on every route change, storing the refreshed token', async () => {
    const { calls, router } = renderDashboard({ body: testSeller() });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await act(() => router.navigate('/dashboard/orders'));
    await screen.findByRole('heading', { name: 'Orders' });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/seller/check-token').length).toBeGreaterThanOrEqual(2),
    );
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(localKeys.sellerToken) ?? 'null')?.token).toBe('token-2'),
    );
  });

  it('does not count a change of search alone (a page turn) as a route change; the same address opened again is one', async () => {
    const { calls, router } = renderDashboard({ body: testSeller() });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await act(() => router.navigate('/dashboard/orders'));
    await screen.findByRole('heading', { name: 'Orders' });
    const checks = () => calls.filter((call) => call.path === '/seller/check-token').length;
    await vi.waitFor(() => expect(checks()).toBe(2));
    await act(() => router.navigate('/dashboard/orders?tab=to_ship&page=2'));
    await act(() => router.navigate('/dashboard/orders?tab=to_ship&page=3'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checks()).toBe(2);
    await act(() => router.navigate('/dashboard/orders?tab=to_ship&page=3'));
    await vi.waitFor(() => expect(checks()).toBe(3));
    await act(() => router.navigate('/dashboard/home'));
    await vi.waitFor(() => expect(checks()).toBe(4));
  });

  it('logs out from the header: clears the session keys and lands on /login', async () => {
    renderDashboard({ body: testSeller() });
    localStorage.setItem(localKeys.visitorId, '"visitor-1"');
    localStorage.setItem(`${chatWidgetKeyPrefix}conversation`, '"c-1"');
    localStorage.setItem(localKeys.analyticsConsent, 'true');

    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Landed on /login')).toBeVisible();
    for (const key of [
      localKeys.sellerToken,
      localKeys.seller,
      localKeys.onboardingProcess,
      localKeys.visitorId,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(`${chatWidgetKeyPrefix}conversation`)).toBeNull();
    expect(localStorage.getItem(localKeys.analyticsConsent)).toBe('true');
  });

  it("treats a 404 profile as a blocked seller: 'Unauthorized Seller', session cleared, /login", async () => {
    renderDashboard({ status: 404, body: { message: 'Seller not found' } });
    expect(await screen.findByText('Unauthorized Seller')).toBeVisible();
    expect(await screen.findByText('Landed on /login')).toBeVisible();
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
    expect(localStorage.getItem(localKeys.seller)).toBeNull();
  });

  it("on a 401 profile says 'Session expired', clears the session, and goes to /login after 1.5 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderDashboard({ status: 401, body: { message: 'Invalid token' } });
    await elapse(0);

    expect(screen.getByText('Session expired')).toBeVisible();
    expect(screen.getByText('Please log in again')).toBeVisible();
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/home');

    await elapse(1_400);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/home');
    await elapse(100);
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(screen.getAllByText('Session expired')).toHaveLength(1);
  });

  it('opens the Account Disabled dialog 0.5 s after learning the account is disabled', async () => {
    // The dialog's code is fetched during that half second (loadDialog); here it has arrived, as a
    // module import takes real time the fake clock does not count.
    await loadDialog();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderDashboard({ body: testSeller({ isDisabled: true }) });
    await elapse(0);
    await elapse(400);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(100);

    const dialog = screen.getByRole('dialog', { name: 'Account Disabled' });
    expect(dialog.textContent).toContain('Your account has been disabled. Please contact support.');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    // Only its own buttons answer it.
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await elapse(0);
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
  });

  it('skips the profile fetch and the token check for direct-login access', async () => {
    sessionStorage.setItem(sessionKeys.directLoginAccess, 'true');
    const { calls } = renderDashboard({ status: 401, body: { message: 'Invalid token' } });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sessionCalls = calls.filter((call) =>
      ['/seller/profile', '/seller/check-token'].includes(call.path),
    );
    expect(sessionCalls).toHaveLength(0);
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });
});
