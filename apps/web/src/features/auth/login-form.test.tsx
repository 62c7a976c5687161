import type { AccountDisabledResponse, ErrorResponse, LoginResponse } from '@kasuwa/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Component as LoginScreen } from '@/app/routes/login.route';
import { localKeys } from '@/lib/storage';
import { fakeFetch, testSeller } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

function renderLogin(answer: Parameters<typeof fakeFetch>[0][string]) {
  const fake = fakeFetch({ 'POST /seller/login': answer });
  const view = renderApp({
    path: '/login',
    routes: [{ path: 'login', element: <LoginScreen /> }],
    fetch: fake.fetch,
  });
  return { ...view, calls: fake.calls };
}

async function logIn(email = 'Ngozi@Example.ng ', password = 'Lekki2026market') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('the log-in screen', () => {
  it('has the Email and Password fields, the Log in button and the links', () => {
    renderLogin({ body: {} });
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeVisible();
    expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/login/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create your seller account' }).getAttribute('href')).toBe(
      '/signup',
    );
  });

  it('marks empty fields under each field and sends nothing', async () => {
    const { calls } = renderLogin({ body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('refuses an e-mail without its domain', async () => {
    const { calls } = renderLogin({ body: {} });
    await logIn('ngozi@', 'x');
    expect(screen.getByText('Enter a valid email address')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('logs a verified seller in: toast, stored session, and on to where onboarding says', async () => {
    const user = testSeller({ onboardingProcess: null, isVerified: false });
    const { calls } = renderLogin({
      body: { user, token: 'tok', message: 'Login successful' } satisfies LoginResponse,
    });
    await logIn();

    expect(await screen.findByText('Login successful')).toBeVisible();
    expect(await screen.findByText('Landed on /onboarding/profile')).toBeVisible();
    expect(calls[0]?.body).toEqual({ email: 'ngozi@example.ng', password: 'Lekki2026market' });
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(stored(localKeys.sellerToken)).toEqual({ data: user, token: 'tok', isVerified: true });
    expect(stored(localKeys.seller)).toEqual(user);
  });

  it('takes an approved seller to the dashboard and stores the onboarding marker', async () => {
    renderLogin({
      body: { user: testSeller(), token: 'tok', message: 'Login successful' } satisfies LoginResponse,
    });
    await logIn();
    expect(await screen.findByText('Landed on /dashboard/home')).toBeVisible();
    expect(stored(localKeys.onboardingProcess)).toBe('account-approval');
  });

  it('sends a seller with an unverified e-mail to the code screen, their token stored as unverified', async () => {
    const user = testSeller({ emailVerified: false, isVerified: false, onboardingProcess: null });
    const message = 'Please verify your email. We sent a 6-digit code to ngozi@example.ng.';
    renderLogin({ body: { user, token: 'tok', message } satisfies LoginResponse });
    await logIn();
    expect(await screen.findByText('Landed on /signup/verify-email')).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.queryByText('Login successful')).not.toBeInTheDocument();
    expect(stored(localKeys.sellerToken)).toMatchObject({ token: 'tok', isVerified: false });
  });

  it('does not log a disabled seller in: stores their data, shows Account Disabled, stays on /login', async () => {
    const user = testSeller({ isDisabled: true });
    const message = 'Your account has been disabled. Please contact support.';
    const { router } = renderLogin({
      status: 403,
      body: { message, isDisabled: true, user } satisfies AccountDisabledResponse,
    });
    await logIn();

    expect(await screen.findByText('Account Disabled')).toBeVisible();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(stored(localKeys.seller)).toEqual(user);
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows 'Login failed' with the server's message, also on the form", async () => {
    renderLogin({ status: 400, body: { message: 'Incorrect email or password' } satisfies ErrorResponse });
    await logIn();
    expect(await screen.findByText('Login failed')).toBeVisible();
    await waitFor(() => expect(screen.getAllByText('Incorrect email or password')).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toBe('Incorrect email or password');
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
  });

  it('puts field problems from the server under their fields', async () => {
    renderLogin({
      status: 400,
      body: {
        message: 'Invalid body: email: Enter a valid email address',
        issues: [{ path: 'email', message: 'Enter a valid email address' }],
      } satisfies ErrorResponse,
    });
    await logIn('ngozi@example.ng', 'x');
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('blocks a second press while logging in', async () => {
    const { calls } = renderLogin('never');
    await logIn();
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
