import type {
  AccountDisabledResponse,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  Seller,
  VerifyOtpResponse,
} from '@kasuwa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { AuthContext, type AuthContextValue, type LoginOutcome } from '@/features/auth/auth-context';
import { authReducer, restoreAuthState } from '@/features/auth/auth-state';
import { guardRefusalFor } from '@/features/auth/feature-guard';
import { createSessionManager, type SessionManager } from '@/features/auth/session';
import { type ApiClient, api as appApi, isApiError } from '@/lib/api-client';
import { sellerKeys } from '@/lib/seller-queries';
import {
  isDirectLoginAccess,
  readBearerToken,
  readSellerToken,
  replaceBearerToken,
  writeSeller,
  writeSession,
} from '@/lib/session-token';
import { clearSession } from '@/lib/storage';
import { toast } from '@/lib/toast';

export const SESSION_EXPIRED_TITLE = 'Session expired';
export const SESSION_EXPIRED_DESCRIPTION = 'Please log in again';
export const UNAUTHORIZED_SELLER_TITLE = 'Unauthorized Seller';
export const BLOCKED_DESCRIPTION = 'This account has been blocked. Please contact support.';
/**
 * Gate refusals this close together are one event (photos uploading side by side are refused
 * together): one toast, one move. As long as a toast stays on screen.
 */
export const FEATURE_GATE_REPEAT_MS = 4000;

function isAccountDisabledBody(body: unknown): body is AccountDisabledResponse {
  return (
    typeof body === 'object' &&
    body !== null &&
    'isDisabled' in body &&
    body.isDisabled === true &&
    'user' in body &&
    typeof body.user === 'object' &&
    body.user !== null
  );
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Defaults to the app's client; tests pass one built on a fake fetch. */
  api?: ApiClient;
}

/**
 * Owns the seller's session: the auth state, what is stored, and the session rules of SPEC §8
 * (the token check on every route change, the session-expired path for any 401). It sits inside
 * the router, at the root route, so it can follow and change the location.
 */
export function AuthProvider({ children, api = appApi }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, null, () => restoreAuthState(readSellerToken()));
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  // The session manager lives as long as the provider; these refs give it the current router.
  const navigateRef = useRef(navigate);
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const [session] = useState<SessionManager>(() =>
    createSessionManager({
      api,
      readToken: readBearerToken,
      replaceToken: replaceBearerToken,
      clearSession,
      isDirectLoginAccess,
      currentPath: () => pathRef.current,
      navigate: (to) => {
        void navigateRef.current(to, { replace: true });
      },
      notifyExpired: () => toast.error(SESSION_EXPIRED_TITLE, SESSION_EXPIRED_DESCRIPTION),
      onExpired: () => dispatch({ type: 'loggedOut' }),
      // The dashboard is gone from the screen by now, so nothing refetches what is dropped.
      onRedirected: () => queryClient.clear(),
      // A refreshed token goes to storage (replaceToken), where every request reads it. It is not
      // put in the React state: that would re-render the whole app after every navigation's token
      // check, which cost a 100-row products page turn about 10 ms.
    }),
  );

  useEffect(() => api.setUnauthorizedHandler(() => session.expire()), [api, session]);

  // SPEC section 5 on the server's word: a product or live-stream call the server refused for a
  // missing verified e-mail or pickup address says what the route guard says and goes where it
  // goes, whichever screen made the call (the guard covers only some of them, and the seller
  // record it reads may be older than the server's).
  const lastGateRefusal = useRef<{ code: string; at: number } | null>(null);
  useEffect(
    () =>
      api.setFeatureGateHandler((code) => {
        const now = Date.now();
        const last = lastGateRefusal.current;
        if (last && last.code === code && now - last.at < FEATURE_GATE_REPEAT_MS) return;
        lastGateRefusal.current = { code, at: now };
        const refusal = guardRefusalFor(code);
        toast.error(refusal.title, refusal.description);
        void navigateRef.current(refusal.redirectTo, { replace: true });
        // The stored record said the seller could: fetch the server's, so the guard and the home
        // screen's pickup-address prompt go by it from now on.
        void queryClient.invalidateQueries({ queryKey: sellerKeys.profiles() });
      }),
    [api, queryClient],
  );
  useEffect(() => () => session.dispose(), [session]);

  // SPEC §8: the token is checked on every route change — a new path, or the screen's own address
  // opened again (the location object is new for every navigation, even to the same path). A move
  // that changes only the search (a page turn, a filter, a tab) stays on the route: no check, which
  // was a request and its handling in every 100-row products page turn. A dead token is still
  // caught there by the page's own read (its 401 ends the session).
  const lastPlace = useRef<{ pathname: string; search: string } | null>(null);
  useEffect(() => {
    const last = lastPlace.current;
    lastPlace.current = { pathname: location.pathname, search: location.search };
    pathRef.current = location.pathname;
    if (last?.pathname === location.pathname && last.search !== location.search) return;
    void session.checkToken(location.pathname);
  }, [location, session]);

  const leaveTo = useCallback(
    async (to: string) => {
      await navigateRef.current(to, { replace: true });
      // After the move, so the screens that used the data are gone and do not refetch it.
      queryClient.clear();
    },
    [queryClient],
  );

  // The session's writes go through useMutation like every other write. The screens that call
  // login(), signUp()… show a failure themselves (field errors, the spec's toasts), so no errorToast.
  const { mutateAsync: postAuth } = useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => api.post<unknown>(path, body),
  });
  const send = useCallback(
    <T,>(path: string, body: unknown) => postAuth({ path, body }) as Promise<T>,
    [postAuth],
  );

  const login = useCallback(
    async (body: LoginBody): Promise<LoginOutcome> => {
      try {
        const answer = await send<LoginResponse>('/seller/login', body);
        const verified = answer.user.emailVerified;
        writeSession({ data: answer.user, token: answer.token, isVerified: verified });
        session.reset();
        dispatch({ type: 'loggedIn', user: answer.user, token: answer.token });
        return { kind: verified ? 'loggedIn' : 'verifyEmail', user: answer.user, message: answer.message };
      } catch (error) {
        if (isApiError(error) && error.status === 403 && isAccountDisabledBody(error.body)) {
          // SPEC §4: not logged in, but the data is stored and the flag set.
          clearSession();
          writeSeller(error.body.user);
          dispatch({ type: 'accountDisabled', user: error.body.user });
          return { kind: 'disabled', user: error.body.user, message: error.body.message };
        }
        throw error;
      }
    },
    [send, session],
  );

  const signUp = useCallback(
    async (body: RegisterBody) => {
      const answer = await send<RegisterResponse>('/seller/register', body);
      writeSession({ data: answer.user, token: answer.token, isVerified: false });
      session.reset();
      dispatch({ type: 'signedUp', user: answer.user, token: answer.token });
      return answer;
    },
    [send, session],
  );

  const verifyOtp = useCallback(
    async (email: string, otp: string) => {
      const answer = await send<VerifyOtpResponse>('/seller/verify-otp', { email, otp });
      writeSession({ data: answer.user, token: answer.token, isVerified: true });
      dispatch({ type: 'otpVerified', user: answer.user, token: answer.token });
      return answer;
    },
    [send],
  );

  const resendOtp = useCallback(
    (email: string) => send<{ message: string }>('/seller/resend-otp', { email }),
    [send],
  );

  const requestPasswordReset = useCallback(
    async (email: string) => {
      const answer = await send<{ message: string }>('/seller/forgot-password', { email });
      dispatch({ type: 'forgotPasswordSent', email });
      return answer;
    },
    [send],
  );

  const resetPassword = useCallback(
    async (body: ResetPasswordBody) => {
      const answer = await send<{ message: string }>('/seller/reset-password', body);
      // The server ends every older session of this seller; a stale one here would only 401.
      clearSession();
      dispatch({ type: 'passwordReset' });
      return answer;
    },
    [send],
  );

  const profileLoaded = useCallback((user: Seller) => {
    writeSeller(user);
    dispatch({ type: 'profileLoaded', user });
  }, []);

  const sellerBlocked = useCallback(() => {
    toast.error(UNAUTHORIZED_SELLER_TITLE, BLOCKED_DESCRIPTION);
    clearSession();
    dispatch({ type: 'blocked' });
    void leaveTo(paths.login);
  }, [leaveTo]);

  const logout = useCallback(async () => {
    clearSession();
    session.reset();
    dispatch({ type: 'loggedOut' });
    await leaveTo(paths.login);
  }, [leaveTo, session]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      api,
      login,
      signUp,
      verifyOtp,
      resendOtp,
      requestPasswordReset,
      cancelPasswordReset: () => dispatch({ type: 'forgotPasswordCancelled' }),
      resetPassword,
      dismissResetSuccess: () => dispatch({ type: 'resetSuccessCancelled' }),
      profileLoaded,
      sellerBlocked,
      logout,
    }),
    [
      state,
      api,
      login,
      signUp,
      verifyOtp,
      resendOtp,
      requestPasswordReset,
      resetPassword,
      profileLoaded,
      sellerBlocked,
      logout,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
