import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { localKeys } from '@/lib/storage';

function renderNotFoundAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/home', element: <h1>Dashboard home</h1> },
      { path: '/login', element: <h1>Log in</h1> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: ['/previous', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function storeSession() {
  for (const key of Object.values(localKeys)) localStorage.setItem(key, '"stored"');
}

describe('NotFoundPage', () => {
  it('shows the 404, the heading, the text and the button', () => {
    renderNotFoundAt('/nowhere');
    expect(screen.getByText('404')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops! Page Not Found');
    expect(
      screen.getByText(
        "The page you're looking for seems to have wandered off. Let's get you back on track!",
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeVisible();
  });

  it('goes back to the dashboard home from a dashboard path, replacing history and keeping the session', async () => {
    storeSession();
    const router = renderNotFoundAt('/dashboard/missing/page');

    await userEvent.click(screen.getByRole('button', { name: 'Back to Home' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(localKeys.sellerToken)).toBe('"stored"');
    expect(localStorage.getItem(localKeys.seller)).toBe('"stored"');
  });

  it('clears the stored session and goes to /login from any other path, replacing history', async () => {
    storeSession();
    const router = renderNotFoundAt('/shop/unknown');

    await userEvent.click(screen.getByRole('button', { name: 'Back to Home' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
    expect(localStorage.getItem(localKeys.seller)).toBeNull();
    expect(localStorage.getItem(localKeys.onboardingProcess)).toBeNull();
    expect(localStorage.getItem(localKeys.visitorId)).toBeNull();
    // Only the four keys the spec names; the consent choice is not the not-found page's business.
    expect(localStorage.getItem(localKeys.analyticsConsent)).toBe('"stored"');
  });
});
