import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as BusinessVerification } from '@/app/routes/onboarding/business-verification-onboarding.route';
import { Component as OnboardingLayout } from '@/app/routes/onboarding/layout.route';
import { localKeys } from '@/lib/storage';
import { fakeFetch, storeTestSession, testSeller } from '@/test/fake-api';
import { fakeXhrClass } from '@/test/fake-xhr';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const pdf = (name: string) => new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' });

describe('an upload answered 401', () => {
  it("says 'Session expired', clears the session and goes to /login after 1.5 s, as any other call", async () => {
    storeTestSession(
      testSeller({
        accountType: 'business',
        isVerified: false,
        onboardingProcess: 'business-verification-onboarding',
      }),
      'token-1',
    );
    // The real upload path: the step's provider sends over XMLHttpRequest.
    const { FakeXhr, sent } = fakeXhrClass({ status: 401, body: { message: 'Invalid token' } });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fake = fakeFetch({
      'GET /seller/check-token': { body: { valid: true, token: 'token-1' } },
      'GET /seller/documents': { body: { documents: [] } },
    });
    renderApp({
      path: '/onboarding/business-verification-onboarding',
      routes: [
        {
          path: 'onboarding',
          element: <OnboardingLayout />,
          children: [{ path: 'business-verification-onboarding', element: <BusinessVerification /> }],
        },
      ],
      fetch: fake.fetch,
    });

    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Certificate Of Incorporation'), pdf('cac.pdf'));
    await user.upload(screen.getByLabelText('Business Tax ID'), pdf('tin.pdf'));
    await screen.findByText('tin.pdf');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      screen.getByRole('button', { name: 'Next' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });

    // Sonner adds a toast on a timer of its own.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.Authorization).toBe('Bearer token-1');
    // Not toBeVisible: sonner's own CSS (it injects it) dims a toast stacked behind a newer one.
    expect(screen.getByText('Session expired')).toBeInTheDocument();
    expect(screen.getByText('Please log in again')).toBeInTheDocument();
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/onboarding/business-verification-onboarding');

    // 1.49 s after the answer: still here; at 1.5 s, /login.
    await act(() => vi.advanceTimersByTimeAsync(1_480));
    expect(screen.getByTestId('where').textContent).toBe('/onboarding/business-verification-onboarding');
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });
});
