import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Component as LoginScreen } from '@/app/routes/login.route';
import { Component as SignupScreen } from '@/app/routes/signup.route';
import { useAuthContext } from '@/features/auth/auth-context';
import { fakeFetch, storeTestSession } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

function Consumer() {
  useAuthContext();
  return null;
}

describe('AuthProvider', () => {
  it('refuses to be used outside an AuthProvider, with a message that says so', () => {
    // React reports the thrown error on the console as well; that noise is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Consumer />)).toThrow('useAuthContext must be used within an AuthProvider');
    quiet.mockRestore();
  });

  it.each([
    ['/login', 'login', <LoginScreen key="login" />],
    ['/signup', 'signup', <SignupScreen key="signup" />],
  ])('does not check the token on %s, even with a stored one', async (path, route, element) => {
    storeTestSession();
    const fake = fakeFetch({});
    renderApp({ path, routes: [{ path: route, element }], fetch: fake.fetch });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls).toHaveLength(0);
  });

  it('sends a guarded screen to /login when the stored token has gone (e.g. logged out in another tab)', async () => {
    const fake = fakeFetch({});
    renderApp({
      path: '/onboarding/create-profile',
      routes: [{ path: 'onboarding/create-profile', element: <h1>Create Profile</h1> }],
      fetch: fake.fetch,
    });
    expect(await screen.findByText('Landed on /login')).toBeVisible();
    expect(fake.calls).toHaveLength(0);
  });
});
