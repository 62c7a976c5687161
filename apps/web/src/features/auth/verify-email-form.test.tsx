import type { ErrorResponse, VerifyOtpResponse } from '@kasuwa/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as VerifyEmailRoute } from '@/app/routes/signup/verify-email.route';
import { localKeys } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { fakeFetch, storeTestSession, testSeller } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.useRealTimers();
});

const pendingSeller = testSeller({ emailVerified: false, isVerified: false, onboardingProcess: null });

function renderVerify(handlers: Parameters<typeof fakeFetch>[0], options: { pending?: boolean } = {}) {
  if (options.pending ?? true) storeTestSession(pendingSeller, 'unverified-token');
  const fake = fakeFetch(handlers);
  const view = renderApp({
    path: '/signup/verify-email',
    routes: [{ path: 'signup/verify-email', element: <VerifyEmailRoute /> }],
    fetch: fake.fetch,
  });
  return { ...view, calls: fake.calls };
}

const codeField = () => screen.getByLabelText('Verification code', { selector: 'input' });

const verified = {
  token: 'verified-token',
  user: { ...pendingSeller, emailVerified: true },
  message: 'Email verified successfully',
} satisfies VerifyOtpResponse;

describe('the e-mail code screen', () => {
  it('says where the code went and takes it in one numeric, autofillable field', () => {
    renderVerify({});
    expect(screen.getByText(/Enter the 6-digit code we sent to/).textContent).toBe(
      `Enter the 6-digit code we sent to ${pendingSeller.email}`,
    );
    expect(codeField().getAttribute('inputmode')).toBe('numeric');
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('takes a pasted code with spaces, verifies it, replaces the stored session and moves on', async () => {
    const { calls } = renderVerify({ 'POST /seller/verify-otp': { body: verified } });
    await userEvent.click(codeField());
    await userEvent.paste('123 456');

    expect(await screen.findByText('Account verified successfully!')).toBeVisible();
    expect(screen.getByText('Email verified successfully')).toBeVisible();
    expect(await screen.findByText('Landed on /onboarding/profile')).toBeVisible();
    expect(calls[0]?.body).toEqual({ email: pendingSeller.email, otp: '123456' });
    expect(calls[0]?.headers.authorization).toBe('Bearer unverified-token');
    expect(JSON.parse(localStorage.getItem(localKeys.sellerToken) ?? 'null')).toEqual({
      data: verified.user,
      token: 'verified-token',
      isVerified: true,
    });
  });

  it('asks for all six digits before sending', async () => {
    const { calls } = renderVerify({});
    await userEvent.type(codeField(), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it("shows 'OTP verification failed' with the server's message, also under the field", async () => {
    renderVerify({
      'POST /seller/verify-otp': {
        status: 400,
        body: { message: 'Invalid code. 4 tries left.' } satisfies ErrorResponse,
      },
    });
    await userEvent.type(codeField(), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP verification failed')).toBeVisible();
    expect(await screen.findAllByText('Invalid code. 4 tries left.')).toHaveLength(2);
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(localStorage.getItem(localKeys.sellerToken) ?? 'null')?.isVerified).toBe(false);
  });

  it('never sends the same code twice in a row: a pasted wrong code, then Verify, costs one try', async () => {
    const { calls } = renderVerify({
      'POST /seller/verify-otp': {
        status: 400,
        body: { message: 'Invalid code. 4 tries left.' } satisfies ErrorResponse,
      },
    });
    await userEvent.click(codeField());
    await userEvent.paste('111111');
    expect(await screen.findByText('OTP verification failed')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(calls.filter((c) => c.path === '/seller/verify-otp')).toHaveLength(1);
    expect(
      screen.getByText('You tried this code already. Type the code from your latest e-mail.'),
    ).toBeVisible();

    // A different code goes out as usual.
    await userEvent.clear(codeField());
    await userEvent.type(codeField(), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/seller/verify-otp')).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ email: pendingSeller.email, otp: '222222' });
  });

  it('takes the red toast away once the code is changed, so it never sits under the green one', async () => {
    let tries = 0;
    renderVerify({
      'POST /seller/verify-otp': () =>
        ++tries === 1
          ? { status: 400, body: { message: 'Invalid code. 4 tries left.' } satisfies ErrorResponse }
          : { body: verified },
    });
    await userEvent.type(codeField(), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP verification failed')).toBeVisible();

    await userEvent.clear(codeField());
    await waitFor(() => expect(screen.queryByText('OTP verification failed')).not.toBeInTheDocument());
    await userEvent.type(codeField(), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Account verified successfully!')).toBeVisible();
    expect(screen.queryByText('OTP verification failed')).not.toBeInTheDocument();
  });

  it('shows the answer alone: the sign-up\'s green "code sent" notice does not sit under the red one', async () => {
    renderVerify({
      'POST /seller/verify-otp': {
        status: 400,
        body: { message: 'Invalid code. 4 tries left.' } satisfies ErrorResponse,
      },
    });
    act(() => void toast.success(`We sent a 6-digit code to ${pendingSeller.email}`));
    expect(await screen.findByText(`We sent a 6-digit code to ${pendingSeller.email}`)).toBeVisible();
    await userEvent.type(codeField(), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP verification failed')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText(`We sent a 6-digit code to ${pendingSeller.email}`)).not.toBeInTheDocument(),
    );
  });

  it('takes the red toast away when the code is right after all (no typing between)', async () => {
    let tries = 0;
    renderVerify({
      'POST /seller/verify-otp': () =>
        ++tries === 1
          ? { status: 503, body: { message: 'Service unavailable' } satisfies ErrorResponse }
          : { body: verified },
    });
    await userEvent.type(codeField(), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP verification failed')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Account verified successfully!')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('OTP verification failed')).not.toBeInTheDocument());
  });

  it('offers a new code only after 60 s, then shows the server’s wait when it is too early', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const { calls } = renderVerify({
      'POST /seller/resend-otp': {
        status: 429,
        body: { message: 'Please wait 42 seconds before asking for a new code.' } satisfies ErrorResponse,
      },
    });
    const resend = () => screen.getByRole('button', { name: /Resend code/ });
    expect(resend().textContent).toBe('Resend code in 1:00');
    expect(resend().hasAttribute('disabled')).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(resend().textContent).toBe('Resend code in 0:01');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(resend().textContent).toBe('Resend code');
    expect(resend().hasAttribute('disabled')).toBe(false);

    fireEvent.click(resend());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Please wait 42 seconds before asking for a new code.')).toBeVisible();
    expect(calls[0]?.body).toEqual({ email: pendingSeller.email });
    expect(resend().textContent).toBe('Resend code in 0:42');
  });

  it('sends a visitor with no code pending to /login', async () => {
    renderVerify({}, { pending: false });
    expect(await screen.findByText('Landed on /login')).toBeVisible();
  });
});
