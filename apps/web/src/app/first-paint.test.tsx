import type { Seller } from '@kasuwa/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fillDashboardFirstPaint } from '@/app/dashboard-first-paint';
import { type DASHBOARD_FIRST_PAINTS, dashboardPage, loginPage } from '@/app/first-paint';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';
import { paths } from '@/app/paths';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';
import { Greeting } from '@/features/home/home-overview';

const INDEX = [
  '<!doctype html><html><head>',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/main-abc.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/web-abc.css">',
  '</head><body><div id="root"></div><noscript>…</noscript></body></html>',
].join('\n');

afterEach(() => {
  cleanup();
  document.getElementById(FIRST_PAINT_ID)?.remove();
});

describe('the log-in screen painted at build time (login.html)', () => {
  it('is the log-in screen a signed-out visitor sees, before the app root, and cannot be typed into', () => {
    const page = new DOMParser().parseFromString(loginPage(INDEX), 'text/html');
    const painted = page.getElementById(FIRST_PAINT_ID);
    expect(painted?.hasAttribute('inert')).toBe(true);
    expect(painted?.nextElementSibling?.id).toBe('root');
    expect(painted?.querySelector('h1')?.textContent).toBe('Log in');
    expect(painted?.textContent).toContain(
      'Welcome back. Log in to manage your store, your orders and your live shows.',
    );
    expect([...(painted?.querySelectorAll('label') ?? [])].map((l) => l.textContent)).toEqual([
      'Email',
      'Password',
    ]);
    expect(painted?.querySelector('button[type="submit"]')?.textContent).toBe('Log in');
  });

  it('loads the styles and the entry before the app’s code, which it fetches once painted', () => {
    const page = loginPage(INDEX);
    expect(page).toContain('src="/assets/index-abc.js"');
    expect(page).toContain('href="/assets/web-abc.css"');
    expect(page).not.toContain('modulepreload');
  });

  it('refuses an index.html without the app root', () => {
    expect(() => loginPage('<html><body></body></html>')).toThrow(/root/);
  });

  it('stays on show while the app loads (no spinner over it) and gives way to the live screen', async () => {
    const painted = document.createElement('div');
    painted.id = FIRST_PAINT_ID;
    painted.textContent = 'painted log-in';
    document.body.append(painted);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [paths.login] })} />
      </AppProviders>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 })).toBeVisible();
    // Hidden in the commit that draws the live screen, and taken out of the page a task later.
    expect(painted).not.toBeVisible();
    await waitFor(() => expect(painted.isConnected).toBe(false));
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});

describe('the dashboard screens painted at build time (dashboard-*.html)', () => {
  const painted = (path: keyof typeof DASHBOARD_FIRST_PAINTS) => {
    const page = new DOMParser().parseFromString(dashboardPage(INDEX, path), 'text/html');
    const element = page.getElementById(FIRST_PAINT_ID);
    if (!element) throw new Error('no first paint');
    return { page, element };
  };
  const session = (data: Record<string, unknown>) => {
    const storage = new Map<string, string>([
      ['sellerToken', JSON.stringify({ data, token: 't', isVerified: true })],
    ]);
    return { getItem: (key: string) => storage.get(key) ?? null } as Storage;
  };

  it('are the screens’ frame and titles, inert, before the app root, without preloads', () => {
    for (const [path, title] of [
      [paths.dashboard.home, 'Dashboard'],
      [paths.dashboard.products, 'Products'],
      [paths.dashboard.orders, 'Orders'],
    ] as const) {
      const { element } = painted(path);
      expect(element.hasAttribute('inert')).toBe(true);
      expect(element.hasAttribute('data-dashboard')).toBe(true);
      expect(element.nextElementSibling?.id).toBe('root');
      expect(element.querySelector('h1')?.textContent).toBe(title);
      expect(element.querySelector('header a[href="/dashboard/live-streams/live-stream"]')).not.toBeNull();
      expect(dashboardPage(INDEX, path)).not.toContain('modulepreload');
    }
    expect(painted(paths.dashboard.products).element.textContent).toContain(
      'Your catalogue with its prices and stock.',
    );
  });

  it('hold no seller’s data: home’s greeting is empty until the page fills it from its own session', () => {
    const { element } = painted(paths.dashboard.home);
    const lines = [...element.querySelectorAll('[data-greeting] > p')];
    expect(lines.map((p) => p.textContent)).toEqual(['', '']);
    expect(element.querySelector('header a[href="/dashboard/account"]')?.textContent?.trim()).toBe('');
  });

  it('get the greeting the app draws, from the stored session, and go away with no session', () => {
    const seller = { firstName: 'Amaka', storeName: 'Amaka Styles' } as Seller;
    const now = new Date(2026, 10, 28, 15, 0);
    const { element } = painted(paths.dashboard.home);
    const page = document.createElement('div');
    page.append(element);
    expect(fillDashboardFirstPaint(element, session(seller), now)).toBe(true);
    const { container } = render(<Greeting seller={seller} now={now} />);
    expect(element.querySelector('[data-greeting]')?.outerHTML).toBe(container.innerHTML);
    expect(container.textContent).toBe('Good afternoon, AmakaHere is how Amaka Styles is doing.');

    for (const storage of [null, session({}), { getItem: () => null } as unknown as Storage]) {
      const other = painted(paths.dashboard.home).element;
      page.replaceChildren(other);
      expect(fillDashboardFirstPaint(other, storage, now)).toBe(false);
      expect(page.children).toHaveLength(0);
    }
  });
});
