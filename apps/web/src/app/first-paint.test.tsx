import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { loginPage } from '@/app/first-paint';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';
import { paths } from '@/app/paths';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';

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
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});
