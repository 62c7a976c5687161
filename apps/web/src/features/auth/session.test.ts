import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionManager,
  EXPIRED_REDIRECT_DELAY_MS,
  isGuardedPath,
  isPublicAuthPath,
  TOKEN_CHECK_TIMEOUT_MS,
} from '@/features/auth/session';
import { createApiClient } from '@/lib/api-client';
import { type FakeAnswer, fakeFetch } from '@/test/fake-api';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A session manager on a fake server whose token-check answers the test scripts one by one. */
function setup(
  options: {
    checkAnswers?: FakeAnswer[];
    check?: () => Promise<FakeAnswer>;
    path?: string;
    directLoginAccess?: boolean;
  } = {},
) {
  const answers = [...(options.checkAnswers ?? [])];
  const fake = fakeFetch({
    'GET /seller/check-token': () =>
      options.check?.() ?? answers.shift() ?? { body: { valid: true, token: 'fresh' } },
    'GET /seller/orders': { status: 401, body: { message: 'Invalid token' } },
  });
  let token: string | null = 'stored';
  let path = options.path ?? '/dashboard/home';
  const api = createApiClient({ fetch: fake.fetch, getToken: () => token });
  const deps = {
    api,
    readToken: () => token,
    replaceToken: vi.fn((previous: string, next: string) => {
      if (token !== previous) return false;
      token = next;
      return true;
    }),
    clearSession: vi.fn(() => {
      token = null;
    }),
    isDirectLoginAccess: () => options.directLoginAccess ?? false,
    currentPath: () => path,
    navigate: vi.fn((to: string) => {
      path = to;
    }),
    notifyExpired: vi.fn(),
    onExpired: vi.fn(),
    onRedirected: vi.fn(),
  };
  const session = createSessionManager(deps);
  api.setUnauthorizedHandler(() => session.expire());
  return {
    session,
    deps,
    api,
    calls: fake.calls,
    token: () => token,
    setToken: (next: string | null) => {
      token = next;
    },
  };
}

const unauthorized: FakeAnswer = { status: 401, body: { message: 'Invalid token' } };

describe('which paths the session rules cover', () => {
  it('treats /login, /signup and their subpaths as public', () => {
    for (const path of ['/login', '/login/forgot-password', '/signup', '/signup/verify-email']) {
      expect(isPublicAuthPath(path)).toBe(true);
    }
    expect(isPublicAuthPath('/loginx')).toBe(false);
    expect(isPublicAuthPath('/dashboard/home')).toBe(false);
  });

  it('guards the dashboard and onboarding only', () => {
    expect(isGuardedPath('/dashboard/home')).toBe(true);
    expect(isGuardedPath('/onboarding/profile')).toBe(true);
    expect(isGuardedPath('/login')).toBe(false);
    expect(isGuardedPath('/dashboards')).toBe(false);
  });
});

describe('the token check on a route change', () => {
  it('stores the refreshed token from a 200', async () => {
    const { session, token, calls } = setup();
    expect(await session.checkToken('/dashboard/home')).toBe('valid');
    expect(token()).toBe('fresh');
    expect(calls[0]?.headers.authorization).toBe('Bearer stored');
  });

  it('does not bring back a session that was logged out while the check was under way', async () => {
    let release: (answer: FakeAnswer) => void = () => {};
    const { session, setToken, token } = setup({
      check: () =>
        new Promise<FakeAnswer>((resolve) => {
          release = resolve;
        }),
    });
    const pending = session.checkToken('/dashboard/home');
    await vi.advanceTimersByTimeAsync(0);
    setToken(null);
    release({ body: { valid: true, token: 'fresh' } });
    expect(await pending).toBe('valid');
    expect(token()).toBeNull();
  });

  it('tolerates two 401s in a row and ends the session at the third', async () => {
    const { session, deps, token } = setup({ checkAnswers: [unauthorized, unauthorized, unauthorized] });
    expect(await session.checkToken('/dashboard/home')).toBe('rejected');
    expect(await session.checkToken('/dashboard/orders')).toBe('rejected');
    expect(deps.clearSession).not.toHaveBeenCalled();

    expect(await session.checkToken('/dashboard/products')).toBe('expired');
    expect(deps.notifyExpired).toHaveBeenCalledTimes(1);
    expect(deps.clearSession).toHaveBeenCalledTimes(1);
    expect(token()).toBeNull();
    expect(deps.navigate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_DELAY_MS);
    expect(deps.navigate).toHaveBeenCalledWith('/login');
  });

  it('starts counting again after a valid answer between 401s', async () => {
    const { session, deps } = setup({
      checkAnswers: [
        unauthorized,
        unauthorized,
        { body: { valid: true, token: 'fresh' } },
        unauthorized,
        unauthorized,
      ],
    });
    for (let route = 0; route < 5; route += 1) await session.checkToken('/dashboard/home');
    expect(deps.clearSession).not.toHaveBeenCalled();
  });

  it('counts a check that times out after 5 s as still valid', async () => {
    const { session, deps, token } = setup({ checkAnswers: ['never'] });
    const result = session.checkToken('/dashboard/home');
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_TIMEOUT_MS);
    expect(await result).toBe('valid');
    expect(token()).toBe('stored');
    expect(deps.clearSession).not.toHaveBeenCalled();
  });

  it('counts network failures and other statuses as still valid', async () => {
    const { session, deps } = setup({
      checkAnswers: [
        'network-error',
        { status: 500, body: { message: 'Boom' } },
        { status: 403, body: { message: 'Your account has been disabled. Please contact support.' } },
        { status: 404, body: { message: 'Seller not found' } },
      ],
    });
    for (let route = 0; route < 4; route += 1) {
      expect(await session.checkToken('/dashboard/home')).toBe('valid');
    }
    expect(deps.clearSession).not.toHaveBeenCalled();
  });

  it('cancels a check still waiting when the route changes again, and counts the cancelled one as valid', async () => {
    const { session, deps } = setup({ checkAnswers: ['never', { body: { valid: true, token: 'fresh' } }] });
    const first = session.checkToken('/dashboard/home');
    const second = session.checkToken('/dashboard/orders');
    expect(await first).toBe('valid');
    expect(await second).toBe('valid');
    expect(deps.clearSession).not.toHaveBeenCalled();
  });

  it('is skipped on /login and /signup and on screens that need no session', async () => {
    const { session, calls } = setup();
    expect(await session.checkToken('/login')).toBe('skipped');
    expect(await session.checkToken('/signup/verify-email')).toBe('skipped');
    expect(await session.checkToken('/some/unknown/path')).toBe('skipped');
    expect(calls).toHaveLength(0);
  });

  it('is skipped for direct-login access', async () => {
    const { session, calls } = setup({ directLoginAccess: true });
    expect(await session.checkToken('/dashboard/home')).toBe('skipped');
    expect(calls).toHaveLength(0);
  });

  it('sends a guarded screen without a stored token to /login', async () => {
    const { session, deps, setToken, calls } = setup();
    setToken(null);
    expect(await session.checkToken('/dashboard/home')).toBe('no-token');
    expect(deps.navigate).toHaveBeenCalledWith('/login');
    expect(calls).toHaveLength(0);
  });
});

describe('the session-expired path for any other call', () => {
  it('on a 401 shows the toast, clears the session, and goes to /login 1.5 s later', async () => {
    const { api, deps } = setup();
    await api.get('/seller/orders').catch(() => undefined);

    expect(deps.notifyExpired).toHaveBeenCalledTimes(1);
    expect(deps.clearSession).toHaveBeenCalledTimes(1);
    expect(deps.onExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_DELAY_MS - 1);
    expect(deps.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.navigate).toHaveBeenCalledWith('/login');
    expect(deps.onRedirected).toHaveBeenCalledTimes(1);
  });

  it('is handled once at a time: more 401s before the redirect change nothing', async () => {
    const { api, deps, session } = setup({ checkAnswers: [unauthorized, unauthorized, unauthorized] });
    await Promise.all([
      api.get('/seller/orders').catch(() => undefined),
      api.get('/seller/orders').catch(() => undefined),
      api.get('/seller/orders').catch(() => undefined),
    ]);
    expect(await session.checkToken('/dashboard/home')).toBe('skipped');
    expect(deps.notifyExpired).toHaveBeenCalledTimes(1);
    expect(deps.clearSession).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_DELAY_MS);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
  });

  it('is handled again after the redirect, for the next session', async () => {
    const { api, deps, session } = setup();
    await api.get('/seller/orders').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_DELAY_MS);
    expect(session.expiring).toBe(false);

    deps.currentPath = () => '/dashboard/home';
    expect(session.expire()).toBe(true);
    expect(deps.notifyExpired).toHaveBeenCalledTimes(2);
  });

  it('is skipped on the log-in and sign-up screens', async () => {
    for (const path of ['/login', '/signup', '/signup/verify-email']) {
      const { api, deps } = setup({ path });
      await api.get('/seller/orders').catch(() => undefined);
      expect(deps.notifyExpired).not.toHaveBeenCalled();
      expect(deps.clearSession).not.toHaveBeenCalled();
    }
  });

  it('is skipped for direct-login access', async () => {
    const { api, deps } = setup({ directLoginAccess: true });
    await api.get('/seller/orders').catch(() => undefined);
    expect(deps.notifyExpired).not.toHaveBeenCalled();
    expect(deps.clearSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_DELAY_MS);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('stops a pending redirect when disposed', async () => {
    const { api, deps, session } = setup();
    await api.get('/seller/orders').catch(() => undefined);
    session.dispose();
    await vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_DELAY_MS);
    expect(deps.navigate).not.toHaveBeenCalled();
  });
});
