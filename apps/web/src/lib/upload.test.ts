import { describe, expect, it, vi } from 'vitest';
import { type ApiError, createApiClient, isApiError } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import { fakeXhrClass } from '@/test/fake-xhr';

function setup(answer: { status: number; body?: unknown }) {
  const onUnauthorized = vi.fn<(error: ApiError) => void>();
  const onFeatureGate = vi.fn<(code: string, error: ApiError) => void>();
  const api = createApiClient({ fetch: async () => new Response('{}'), onUnauthorized, onFeatureGate });
  const { FakeXhr, sent } = fakeXhrClass(answer);
  const send = () =>
    uploadForm('/seller/verification/company', new FormData(), {
      api,
      token: 'token-1',
      createRequest: () => new FakeXhr() as unknown as XMLHttpRequest,
    });
  return { send, sent, onUnauthorized, onFeatureGate };
}

describe('uploadForm', () => {
  it('sends the bearer token and answers the parsed body', async () => {
    const { send, sent, onUnauthorized } = setup({ status: 200, body: { token: 't2' } });
    await expect(send()).resolves.toEqual({ token: 't2' });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/seller/verification/company',
      headers: { Authorization: 'Bearer token-1' },
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a 401 to the session-expired handler, as the JSON client does, and still rejects', async () => {
    const { send, onUnauthorized } = setup({ status: 401, body: { message: 'Invalid token' } });
    const error = await send().catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBe(error);
  });

  it("treats any answer saying 'Invalid token' as an expired session", async () => {
    const { send, onUnauthorized } = setup({ status: 403, body: { message: 'Invalid token' } });
    await expect(send()).rejects.toThrow('Invalid token');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("keeps other failures to the screen: a 413 rejects with the server's message only", async () => {
    const { send, onUnauthorized } = setup({
      status: 413,
      body: { message: 'businessTaxId is too large: each document can be at most 10 MB' },
    });
    await expect(send()).rejects.toThrow('each document can be at most 10 MB');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a gate 403 (SPEC section 5) to the same handler as the JSON client, and still rejects', async () => {
    const { send, onUnauthorized, onFeatureGate } = setup({
      status: 403,
      body: { message: 'Verify your email to access this feature', code: 'EMAIL_VERIFICATION_REQUIRED' },
    });
    const error = await send().catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(403);
    expect(onFeatureGate).toHaveBeenCalledTimes(1);
    expect(onFeatureGate).toHaveBeenCalledWith('EMAIL_VERIFICATION_REQUIRED', error);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
