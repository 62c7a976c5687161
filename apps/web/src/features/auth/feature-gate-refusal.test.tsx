import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useAuthContext } from '@/features/auth/auth-context';
import { isApiError } from '@/lib/api-client';
import { type FakeAnswer, fakeFetch, storeTestSession, testSeller } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

// SPEC section 5, on the server's word: whichever screen makes a product or live-stream call, a 403
// naming a missing condition says what the route guard says and goes where the guard goes.

/** A screen outside the route guard (like the blips page) that writes through the app's client. */
function WritingScreen({ calls = 1 }: { calls?: number }) {
  const { api } = useAuthContext();
  const [outcome, setOutcome] = useState('');
  const write = async () => {
    const results = await Promise.allSettled(
      Array.from({ length: calls }, () => api.post('/products', { name: 'Adire kaftan' })),
    );
    const failure = results.find((r) => r.status === 'rejected');
    setOutcome(failure && isApiError(failure.reason) ? `failed: ${failure.reason.message}` : 'saved');
  };
  return (
    <>
      <h1>Product Blips</h1>
      <button type="button" onClick={() => void write()}>
        Save
      </button>
      <p>{outcome}</p>
    </>
  );
}

function renderWriting(answer: FakeAnswer, calls = 1) {
  storeTestSession(testSeller());
  // The server's gate refuses before it reads the body (requireFeatureAccess on the request's first
  // hook), so these calls' bodies are never judged: no contract check here.
  const fake = fakeFetch(
    {
      'GET /seller/check-token': { body: { valid: true, token: 'token-2' } },
      'POST /products': answer,
    },
    { contractBodies: false },
  );
  renderApp({
    path: '/dashboard/blips',
    routes: [{ path: 'dashboard/blips', element: <WritingScreen calls={calls} /> }],
    fetch: fake.fetch,
  });
  return fake;
}

const where = () => screen.getByTestId('where').textContent;

describe('a gated call the server refuses', () => {
  it('for a missing pickup address: the guard’s toast, then home with the pickup-address prompt', async () => {
    renderWriting({
      status: 403,
      body: {
        message: 'Register your pickup address to access this feature',
        code: 'PICKUP_ADDRESS_REQUIRED',
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Pickup Address Required')).toBeVisible();
    expect(screen.getByText('Register your pickup address to access this feature')).toBeVisible();
    expect(await screen.findByText('Landed on /dashboard/home')).toBeVisible();
    expect(where()).toBe('/dashboard/home?pickupAddressRequired=true');
  });

  it('for an unverified e-mail: the guard’s toast, then home', async () => {
    renderWriting({
      status: 403,
      body: { message: 'Verify your email to access this feature', code: 'EMAIL_VERIFICATION_REQUIRED' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email Verification Required')).toBeVisible();
    expect(screen.getByText('Verify your email to access this feature')).toBeVisible();
    expect(await screen.findByText('Landed on /dashboard/home')).toBeVisible();
    expect(where()).toBe('/dashboard/home');
  });

  it('says it once when several calls are refused together', async () => {
    const fake = renderWriting(
      {
        status: 403,
        body: {
          message: 'Register your pickup address to access this feature',
          code: 'PICKUP_ADDRESS_REQUIRED',
        },
      },
      3,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Landed on /dashboard/home')).toBeVisible();
    expect(fake.calls.filter((call) => call.path === '/products')).toHaveLength(3);
    expect(screen.getAllByText('Pickup Address Required')).toHaveLength(1);
  });

  it('leaves any other 403 to the screen that made the call', async () => {
    renderWriting({
      status: 403,
      body: { message: 'Your account has been disabled. Please contact support.' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('failed: Your account has been disabled. Please contact support.'),
    ).toBeVisible();
    expect(where()).toBe('/dashboard/blips');
    expect(screen.queryByText('Pickup Address Required')).not.toBeInTheDocument();
    expect(screen.queryByText('Email Verification Required')).not.toBeInTheDocument();
  });
});
