import { type ErrorResponse, PASSWORD_POLICY_TEXT } from '@kasuwa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Component as ForgotPasswordRoute } from '@/app/routes/login/forgot-password.route';
import { Component as ResetPasswordRoute } from '@/app/routes/login/reset-password.route';
import { Component as LoginScreen } from '@/app/routes/login.route';
import { type FakeAnswer, fakeFetch } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const routes = [
  { path: 'login', element: <LoginScreen /> },
  { path: 'login/forgot-password', element: <ForgotPasswordRoute /> },
  { path: 'login/reset-password', element: <ResetPasswordRoute /> },
];

function renderAt(path: string, handlers: Record<string, FakeAnswer>) {
  const fake = fakeFetch(handlers);
  const view = renderApp({ path, routes, fetch: fake.fetch });
  return { ...view, calls: fake.calls };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const sentMessage = 'If an account exists for ngozi@example.ng, we have sent a password reset code to it.';

describe('forgot password', () => {
  it('sends the code, says so, and moves on to the reset step for that e-mail', async () => {
    const { calls } = renderAt('/login/forgot-password', {
      'POST /seller/forgot-password': { body: { message: sentMessage } },
    });
    await userEvent.type(field('Email'), ' Ngozi@Example.ng');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));

    expect(await screen.findByText('Password reset request sent')).toBeVisible();
    expect(screen.getByText(sentMessage)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(calls[0]).toMatchObject({ body: { email: 'ngozi@example.ng' } });
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it("shows 'Login Unauthorized' with the server's message when the request fails", async () => {
    renderAt('/login/forgot-password', {
      'POST /seller/forgot-password': {
        status: 429,
        body: { message: 'Too many requests. Please try again in 1 minute.' } satisfies ErrorResponse,
      },
    });
    await userEvent.type(field('Email'), 'ngozi@example.ng');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Login Unauthorized')).toBeVisible();
    expect(await screen.findAllByText('Too many requests. Please try again in 1 minute.')).toHaveLength(2);
  });

  it('lets the seller go back and use a different e-mail, keeping what they typed', async () => {
    renderAt('/login/forgot-password', {
      'POST /seller/forgot-password': { body: { message: sentMessage } },
    });
    await userEvent.type(field('Email'), 'ngozi@example.ng');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a different email' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect((field('Email') as HTMLInputElement).value).toBe('ngozi@example.ng');
  });
});

describe('reset password', () => {
  const resetPath = '/login/reset-password?email=ngozi%40example.ng';

  it('shows the e-mail, the Code and New Password fields and the password policy', () => {
    renderAt(resetPath, {});
    expect(screen.getByText('ngozi@example.ng')).toBeVisible();
    expect(field('Code').getAttribute('autocomplete')).toBe('one-time-code');
    const hintId = field('New Password').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe(PASSWORD_POLICY_TEXT);
  });

  it('resets the password, says so, and returns to /login with a note that can be dismissed', async () => {
    const { calls } = renderAt(resetPath, {
      'POST /seller/reset-password': {
        body: { message: 'Password reset successful. You can now log in with your new password.' },
      },
    });
    await userEvent.type(field('Code'), '123 456');
    await userEvent.type(field('New Password'), 'NewLekki2027');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Password reset successful')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(calls[0]?.body).toEqual({
      email: 'ngozi@example.ng',
      code: '123456',
      newPassword: 'NewLekki2027',
    });
    const note = screen.getByText(/Your password has been changed/);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(note.isConnected).toBe(false);
  });

  it('checks the new password against the policy before sending', async () => {
    const { calls } = renderAt(resetPath, {});
    await userEvent.type(field('Code'), '123456');
    await userEvent.type(field('New Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Password reset failed' with the server's message, under the code too", async () => {
    const message = 'This code has expired or was already used. Ask for a new code.';
    renderAt(resetPath, {
      'POST /seller/reset-password': { status: 400, body: { message } satisfies ErrorResponse },
    });
    await userEvent.type(field('Code'), '123456');
    await userEvent.type(field('New Password'), 'NewLekki2027');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset failed')).toBeVisible();
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(field('Code').getAttribute('aria-invalid')).toBe('true');
  });

  it('without an e-mail in the address starts at the forgot-password step', async () => {
    renderAt('/login/reset-password', {});
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });
});
