import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  fallbackMessages,
  featureGateCodeOf,
  sendsBearerToken,
} from '@/lib/api-client';
import { fakeFetch } from '@/test/fake-api';

afterEach(() => {
  vi.useRealTimers();
});

function clientWith(handlers: Parameters<typeof fakeFetch>[0], token: string | null = 'tok-1') {
  // The client's own tests send any body (an empty sign-up for the server's 400): no contract check.
  const fake = fakeFetch(handlers, { contractBodies: false });
  const onUnauthorized = vi.fn();
  const client = createApiClient({ fetch: fake.fetch, getToken: () => token, onUnauthorized });
  return { client, calls: fake.calls, onUnauthorized };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the bearer token', () => {
  it.each([
    ['/api/seller/profile', true],
    ['/api/seller/check-token', true],
    ['/api/seller/verify-otp', true],
    ['/api/seller/reset-password', true],
    ['/api/seller/login', false],
    ['/api/seller/register', false],
    ['/api/seller/forgot-password', false],
  ])('for %s is sent: %s', (url, sent) => {
    expect(sendsBearerToken(url)).toBe(sent);
  });

  it('goes in the Authorization header of an ordinary call', async () => {
    const { client, calls } = clientWith({ 'GET /seller/profile': { body: {} } });
    await client.get('/seller/profile');
    expect(calls[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('carries the extra headers a call names, such as an Idempotency-Key, beside the token', async () => {
    const { client, calls } = clientWith({ 'POST /payouts': { body: {} } });
    await client.post('/payouts', { amount: 5000 }, { headers: { 'Idempotency-Key': 'key-1' } });
    expect(calls[0]?.headers['idempotency-key']).toBe('key-1');
    expect(calls[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('is left off the log-in, sign-up and forgot-password calls even when stored', async () => {
    const { client, calls } = clientWith({
      'POST /seller/login': { body: {} },
      'POST /seller/register': { body: {} },
      'POST /seller/forgot-password': { body: {} },
    });
    await client.post('/seller/login', { email: 'a@b.ng', password: 'x' });
    await client.post('/seller/register', {});
    await client.post('/seller/forgot-password', { email: 'a@b.ng' });
    expect(calls.map((call) => call.headers.authorization)).toEqual([undefined, undefined, undefined]);
  });

  it('is left off a call that asks for no token, and off every call when none is stored', async () => {
    const withToken = clientWith({ 'GET /streams/s1': { body: {} } });
    await withToken.client.get('/streams/s1', { auth: false });
    expect(withToken.calls[0]?.headers.authorization).toBeUndefined();

    const withoutToken = clientWith({ 'GET /seller/profile': { body: {} } }, null);
    await withoutToken.client.get('/seller/profile');
    expect(withoutToken.calls[0]?.headers.authorization).toBeUndefined();
  });
});

describe('requests and answers', () => {
  it('sends JSON and returns the parsed answer', async () => {
    const { client, calls } = clientWith({ 'POST /seller/login': { body: { token: 't', message: 'ok' } } });
    const answer = await client.post<{ token: string }>('/seller/login', { email: 'a@b.ng' });
    expect(answer.token).toBe('t');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'a@b.ng' } });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('turns an error answer into an ApiError with the server message, the body and the issues', async () => {
    const body = {
      message: 'Invalid body: phoneNumber: Enter a valid phone number',
      issues: [{ path: 'phoneNumber', message: 'Enter a valid phone number' }],
    };
    const { client } = clientWith({ 'POST /seller/register': { status: 400, body } });
    const error = await failureOf(client.post('/seller/register', {}));
    expect(error).toMatchObject({ status: 400, kind: 'http', message: body.message, body });
    expect(error.issues).toEqual(body.issues);
  });

  it('falls back to a readable message when the answer has none', async () => {
    const { client } = clientWith({ 'GET /seller/profile': { status: 502 } });
    const error = await failureOf(client.get('/seller/profile'));
    expect(error).toMatchObject({ status: 502, kind: 'http', message: fallbackMessages.http(502) });
  });

  it('reports a dropped connection as a network error', async () => {
    const { client } = clientWith({ 'GET /seller/profile': 'network-error' });
    const error = await failureOf(client.get('/seller/profile'));
    expect(error).toMatchObject({ status: 0, kind: 'network', message: fallbackMessages.network });
  });

  it('gives up after the call’s time-out with kind timeout', async () => {
    vi.useFakeTimers();
    const { client } = clientWith({ 'GET /seller/check-token': 'never' });
    const pending = failureOf(client.get('/seller/check-token', { timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout', status: 0, message: fallbackMessages.timeout });
  });

  it('reports a call cancelled by its caller as aborted, not as a time-out', async () => {
    const { client } = clientWith({ 'GET /seller/profile': 'never' });
    const controller = new AbortController();
    const pending = failureOf(client.get('/seller/profile', { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });
});

describe('the unauthorized hook', () => {
  it('is called for a 401', async () => {
    const { client, onUnauthorized } = clientWith({
      'GET /seller/profile': { status: 401, body: { message: 'Invalid token' } },
    });
    await failureOf(client.get('/seller/profile'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ status: 401 });
  });

  it("is called for the message 'Invalid token' whatever the status", async () => {
    const { client, onUnauthorized } = clientWith({
      'GET /seller/orders': { status: 400, body: { message: 'Invalid token' } },
    });
    await failureOf(client.get('/seller/orders'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('is not called for other failures, nor for a call that opts out like the token check', async () => {
    const { client, onUnauthorized } = clientWith({
      'GET /seller/profile': { status: 404, body: { message: 'Seller not found' } },
      'GET /seller/check-token': { status: 401, body: { message: 'Invalid token' } },
    });
    await failureOf(client.get('/seller/profile'));
    await failureOf(client.get('/seller/check-token', { skipUnauthorizedHandler: true }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('can be replaced and removed after the client is built', async () => {
    const { client, onUnauthorized } = clientWith({ 'GET /seller/profile': { status: 401, body: {} } });
    const later = vi.fn();
    const remove = client.setUnauthorizedHandler(later);
    await failureOf(client.get('/seller/profile'));
    remove();
    await failureOf(client.get('/seller/profile'));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
  });
});

describe('the SPEC section 5 gate hook', () => {
  const refused = (code: string) => ({
    status: 403,
    body: { message: 'Register your pickup address to access this feature', code },
  });

  it('is told the missing condition of a gated 403, and the call still fails for the screen', async () => {
    const onFeatureGate = vi.fn();
    // The server's gate answers before it reads the body (requireFeatureAccess runs on the request's
    // first hook), so a gated call's body is never judged: no contract check here.
    const fake = fakeFetch(
      { 'POST /products': refused('PICKUP_ADDRESS_REQUIRED') },
      { contractBodies: false },
    );
    const client = createApiClient({ fetch: fake.fetch, getToken: () => 'tok-1', onFeatureGate });
    const error = await failureOf(client.post('/products', { name: 'Adire' }));
    expect(error).toMatchObject({
      status: 403,
      message: 'Register your pickup address to access this feature',
    });
    expect(featureGateCodeOf(error)).toBe('PICKUP_ADDRESS_REQUIRED');
    expect(onFeatureGate).toHaveBeenCalledTimes(1);
    expect(onFeatureGate).toHaveBeenCalledWith('PICKUP_ADDRESS_REQUIRED', error);
  });

  it('is not told of a 403 without one of its codes, nor of a 401', async () => {
    const onFeatureGate = vi.fn();
    // Refused before the body is read, as the gate does: no contract check here.
    const fake = fakeFetch(
      {
        'POST /products': refused('SOMETHING_ELSE'),
        'PUT /products/p1': { status: 403, body: { message: 'Your account has been disabled.' } },
        'DELETE /products/p1': {
          status: 401,
          body: { message: 'Invalid token', code: 'PICKUP_ADDRESS_REQUIRED' },
        },
      },
      { contractBodies: false },
    );
    const client = createApiClient({ fetch: fake.fetch, getToken: () => 'tok-1', onFeatureGate });
    await failureOf(client.post('/products', {}));
    await failureOf(client.put('/products/p1', {}));
    await failureOf(client.request('/products/p1', { method: 'DELETE' }));
    expect(onFeatureGate).not.toHaveBeenCalled();
  });

  it('can be installed and removed after the client is built, and takes reports from uploads', async () => {
    const fake = fakeFetch({ 'POST /streams/s1/start': refused('EMAIL_VERIFICATION_REQUIRED') });
    const client = createApiClient({ fetch: fake.fetch, getToken: () => 'tok-1' });
    const handler = vi.fn();
    const remove = client.setFeatureGateHandler(handler);
    const error = await failureOf(client.post('/streams/s1/start'));
    client.reportFeatureGate(error);
    remove();
    await failureOf(client.post('/streams/s1/start'));
    client.reportFeatureGate(error);
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls.map(([code]) => code)).toEqual([
      'EMAIL_VERIFICATION_REQUIRED',
      'EMAIL_VERIFICATION_REQUIRED',
    ]);
  });
});
