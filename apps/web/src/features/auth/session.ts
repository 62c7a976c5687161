import { paths } from '@/app/paths';
import { type ApiClient, INVALID_TOKEN_MESSAGE, isApiError } from '@/lib/api-client';

/** SPEC §9: the token check gives up after 5 s. */
export const TOKEN_CHECK_TIMEOUT_MS = 5_000;
/** SPEC §9: the third 401 in a row from the token check ends the session. */
export const MAX_CONSECUTIVE_CHECK_REJECTIONS = 3;
/** SPEC §9: the 'Session expired' toast stays readable this long before the move to /login. */
export const EXPIRED_REDIRECT_DELAY_MS = 1_500;

/** The log-in and sign-up screens and their subpaths, where session expiry is never handled. */
export function isPublicAuthPath(pathname: string): boolean {
  return [paths.login, paths.signup].some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/** Screens that need a session: the dashboard and onboarding. */
export function isGuardedPath(pathname: string): boolean {
  return [paths.dashboard.root, paths.onboarding.root].some(
    (root) => pathname === root || pathname.startsWith(`${root}/`),
  );
}

export type TokenCheckResult =
  /** Not checked: a public or unguarded screen, direct-login access, or an expiry in progress. */
  | 'skipped'
  /** No stored token on a guarded screen: sent to /login. */
  | 'no-token'
  /** 200, or an error that counts as still valid (time-out, cancelled, network, other statuses). */
  | 'valid'
  /** A 401, tolerated because fewer than three came in a row. */
  | 'rejected'
  /** The third 401 in a row: the session was ended. */
  | 'expired';

export interface SessionDeps {
  api: ApiClient;
  readToken: () => string | null;
  /** Stores a refreshed token if `previous` is still the stored one; true when it did. */
  replaceToken: (previous: string, next: string) => boolean;
  clearSession: () => void;
  isDirectLoginAccess: () => boolean;
  /** The path on screen now; expiry is ignored on /login and /signup. */
  currentPath: () => string;
  /** Replaces the current history entry. */
  navigate: (to: string) => void;
  /** Shows 'Session expired' / 'Please log in again'. */
  notifyExpired: () => void;
  /** The in-memory session state is to be forgotten (the stored one is already cleared). */
  onExpired?: () => void;
  /** Called once the seller is on /login after an expiry, e.g. to drop cached server data. */
  onRedirected?: () => void;
  onTokenRefreshed?: (token: string) => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface SessionManager {
  /** Run on every route change: checks the stored token with the server (SPEC §8). */
  checkToken(pathname: string): Promise<TokenCheckResult>;
  /**
   * The session-expired path for a 401 or 'Invalid token' from any call: toast, clear, and /login
   * after 1.5 s. Returns false when skipped (public screen, direct-login access, already expiring).
   */
  expire(): boolean;
  /** Forgets earlier 401s, e.g. after a fresh log-in. */
  reset(): void;
  /** Whether an expiry is under way (toast shown, redirect pending). */
  readonly expiring: boolean;
  dispose(): void;
}

/**
 * The session rules of SPEC §8 with every dependency passed in, so tests drive them with fake timers
 * and a fake fetch.
 *
 * "Handled once at a time" is an in-memory latch per tab, not the `tokenErrorHandled` storage key:
 * a stored flag is shared by every tab (one tab's expiry would silence another's) and survives a
 * reload or crash mid-redirect (a stuck flag would silence every later expiry). The latch closes
 * when the toast is shown and opens again when the redirect to /login happens.
 */
export function createSessionManager(deps: SessionDeps): SessionManager {
  const setTimer = deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let rejectionsInARow = 0;
  let expiring = false;
  let redirectTimer: unknown = null;
  let inflight: AbortController | null = null;

  function expire(): boolean {
    if (expiring || isPublicAuthPath(deps.currentPath()) || deps.isDirectLoginAccess()) return false;
    expiring = true;
    rejectionsInARow = 0;
    inflight?.abort();
    deps.notifyExpired();
    deps.clearSession();
    deps.onExpired?.();
    redirectTimer = setTimer(() => {
      redirectTimer = null;
      expiring = false;
      deps.navigate(paths.login);
      deps.onRedirected?.();
    }, EXPIRED_REDIRECT_DELAY_MS);
    return true;
  }

  async function checkToken(pathname: string): Promise<TokenCheckResult> {
    if (!isGuardedPath(pathname) || deps.isDirectLoginAccess() || expiring) return 'skipped';
    const token = deps.readToken();
    if (!token) {
      deps.navigate(paths.login);
      return 'no-token';
    }

    // A newer route change supersedes a check still waiting for its answer.
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    try {
      const answer = await deps.api.get<{ token?: unknown }>('/seller/check-token', {
        timeoutMs: TOKEN_CHECK_TIMEOUT_MS,
        signal: controller.signal,
        // The check judges its own 401s (three in a row), instead of expiring at the first one.
        skipUnauthorizedHandler: true,
      });
      rejectionsInARow = 0;
      if (typeof answer?.token === 'string' && deps.replaceToken(token, answer.token)) {
        deps.onTokenRefreshed?.(answer.token);
      }
      return 'valid';
    } catch (error) {
      const rejected =
        isApiError(error) &&
        error.kind === 'http' &&
        (error.status === 401 || error.message === INVALID_TOKEN_MESSAGE);
      if (rejected) {
        rejectionsInARow += 1;
        if (rejectionsInARow < MAX_CONSECUTIVE_CHECK_REJECTIONS) return 'rejected';
        return expire() ? 'expired' : 'rejected';
      }
      // SPEC §8: other errors, cancelled checks and time-outs count as still valid. A cancelled check
      // says nothing about the token, so it leaves the count of 401s in a row as it was.
      if (!(isApiError(error) && error.kind === 'aborted')) rejectionsInARow = 0;
      return 'valid';
    } finally {
      if (inflight === controller) inflight = null;
    }
  }

  return {
    checkToken,
    expire,
    reset() {
      rejectionsInARow = 0;
    },
    get expiring() {
      return expiring;
    },
    dispose() {
      inflight?.abort();
      inflight = null;
      if (redirectTimer !== null) {
        clearTimer(redirectTimer);
        redirectTimer = null;
        expiring = false;
      }
    },
  };
}
