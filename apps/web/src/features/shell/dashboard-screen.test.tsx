import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { DashboardShell } from '@/features/shell/dashboard-shell';
import { ShellAccountProvider, type ShellAccountValue } from '@/features/shell/shell-account';

function renderScreen(value: ShellAccountValue, path = '/dashboard/orders') {
  const screenFor = (title: string) => (
    <ShellAccountProvider value={value}>
      <DashboardShell>
        <DashboardScreen title={title} description="Every order." />
      </DashboardShell>
    </ShellAccountProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/dashboard/orders', element: screenFor('Orders') },
      { path: '/dashboard/drafts', element: screenFor('Drafts') },
      { path: '/dashboard/home', element: screenFor('Dashboard') },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const account = { firstName: 'Amaka', lastName: 'Okafor', storeName: "Amaka's Closet", avatarUrl: null };

describe('the dashboard header', () => {
  it("shows the seller's initials, name and store, linking to the account page", () => {
    renderScreen({ account });
    const link = screen.getByRole('link', { name: /Amaka Okafor/ });
    expect(link.getAttribute('href')).toBe('/dashboard/account');
    expect(link.textContent).toContain("Amaka's Closet");
    expect(link.textContent).toContain('AO');
  });

  it('has a Go Live button to the live-stream page and the tools other features put there', () => {
    renderScreen({ account, tools: <button type="button">Bell</button> });
    expect(screen.getByRole('link', { name: 'Go Live' }).getAttribute('href')).toBe(
      '/dashboard/live-streams/live-stream',
    );
    expect(screen.getByRole('button', { name: 'Bell' })).toBeVisible();
  });

  it('goes back to the dashboard home when the screen was opened directly', async () => {
    const router = renderScreen({ account });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('shows the page title as the only level-1 heading before anyone is known', () => {
    renderScreen({ account: null });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Orders']);
  });
});

describe('the sidebar', () => {
  it('lists the spec’s entries in order', () => {
    renderScreen({ account });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    // Closed sub-menus are hidden; their entries still belong to the order.
    const labels = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((a) => a.textContent?.replace('(opens in a new tab)', '').trim());
    expect(labels).toEqual([
      'Dashboard',
      'Customers',
      'KYC Verification',
      'Orders',
      'Returns Center',
      'Products',
      'Add Products',
      'Drafts',
      'Product Blips',
      'Marketing',
      'Coupons',
      'Inbox Campaigns',
      'Messages',
      'Live Streams',
      'Scheduled Shows',
      'Past Shows',
      'Analytics & Insights',
      'Earnings & Payouts',
      'Learning Area',
      'Settings',
    ]);
  });

  it('toggles a sub-menu open and closed', async () => {
    renderScreen({ account });
    const toggle = screen.getAllByRole('button', { name: 'Show Products menu' })[0] as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Hide Products menu');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the entry of the screen on show as current and opens its section', () => {
    renderScreen({ account }, '/dashboard/drafts');
    const drafts = screen.getAllByRole('link', { name: 'Drafts' })[0] as HTMLElement;
    expect(drafts.getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button', { name: 'Hide Products menu' })).toHaveLength(1);
  });

  it('opens as a drawer from the menu button, with the in-app help, and closes again', async () => {
    renderScreen({ account, onLogout: vi.fn() });
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    // The drawer's code is loaded the first time it opens.
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Help & Support' }).getAttribute('href')).toBe(
      '/dashboard/help',
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('offers Log Out in its footer when the layout provides it', async () => {
    const onLogout = vi.fn();
    renderScreen({ account, onLogout });
    await userEvent.click(screen.getAllByRole('button', { name: 'Log Out' })[0] as HTMLElement);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('the desktop sidebar on a phone', () => {
  it('is not drawn on a narrow screen, and is drawn once the screen is wide enough to show it', () => {
    let wide = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          get matches() {
            return query === '(min-width: 64rem)' ? wide : false;
          },
          media: query,
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    try {
      renderScreen({ account });
      const aside = screen.getByRole('complementary', { name: 'Sidebar', hidden: true });
      expect(within(aside).queryByRole('navigation', { name: 'Main', hidden: true })).toBeNull();
      // A tablet turned to landscape.
      wide = true;
      act(() => {
        for (const listener of listeners) listener();
      });
      expect(within(aside).getByRole('navigation', { name: 'Main', hidden: true })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** The shell as the app has it: one layout route around every screen, kept across navigations. */
function renderInLayout(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <ShellAccountProvider value={{ account, onLogout: vi.fn() }}>
            <DashboardShell>
              <Outlet />
            </DashboardShell>
          </ShellAccountProvider>
        ),
        children: [
          { path: 'orders', element: <DashboardScreen title="Orders" /> },
          { path: 'products', element: <DashboardScreen title="Products" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the sidebar, across navigations', () => {
  it('opens a section’s sub-menu when the seller navigates into it', async () => {
    renderInLayout('/dashboard/orders');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    expect(within(nav).queryByRole('link', { name: 'Add Products' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Products' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Add Products' })).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Hide Products menu' })).toBeVisible();
  });

  it('keeps keyboard focus inside the phone drawer while it is open', async () => {
    const user = userEvent.setup();
    renderInLayout('/dashboard/orders');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Close menu' })),
    );
    const stops = drawer.querySelectorAll('a[href], button:not([disabled])').length;
    for (let i = 0; i < stops + 2; i += 1) {
      await user.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(drawer.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });
});
