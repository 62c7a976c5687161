import type { Seller } from '@kasuwa/contracts';
import type { StoredSellerToken } from '@/lib/session-token';

/**
 * The authentication state machine of SPEC §4 as a pure reducer: no storage, no network, no timers,
 * so tests drive it step by step. AuthProvider performs the side effects and dispatches the events.
 */

export type OtpStatus = 'idle' | 'pending' | 'verified';

export interface AuthState {
  user: Seller | null;
  token: string | null;
  /** Logged in with a verified e-mail. */
  isAuthenticated: boolean;
  emailVerified: boolean;
  otpStatus: OtpStatus;
  /** The address the verification code went to, while it is pending. */
  otpEmail: string | null;
  /** A disabled seller: data kept, no session, told to contact support. */
  accountDisabled: boolean;
  /** A blocked seller (profile answered 404): session gone. */
  blocked: boolean;
  /** A reset code was sent to resetEmail; the seller can still back out and use another address. */
  forgotPasswordSuccess: boolean;
  resetEmail: string | null;
  /** The password was just changed; the log-in screen says so until dismissed. */
  resetSuccess: boolean;
}

export type AuthEvent =
  | { type: 'signedUp'; user: Seller; token: string }
  | { type: 'loggedIn'; user: Seller; token: string }
  | { type: 'otpVerified'; user?: Seller; token?: string }
  | { type: 'accountDisabled'; user: Seller }
  | { type: 'profileLoaded'; user: Seller }
  | { type: 'blocked' }
  | { type: 'forgotPasswordSent'; email: string }
  | { type: 'forgotPasswordCancelled' }
  | { type: 'passwordReset' }
  | { type: 'resetSuccessCancelled' }
  | { type: 'loggedOut' };

export const signedOutState: AuthState = {
  user: null,
  token: null,
  isAuthenticated: false,
  emailVerified: false,
  otpStatus: 'idle',
  otpEmail: null,
  accountDisabled: false,
  blocked: false,
  forgotPasswordSuccess: false,
  resetEmail: null,
  resetSuccess: false,
};

/** SPEC §4: "emailVerified or isVerified marks the e-mail verified". */
const emailIsVerified = (user: Seller, storedFlag = false) => user.emailVerified || storedFlag;

function withSession(user: Seller, token: string, verified: boolean): AuthState {
  return {
    ...signedOutState,
    user,
    token,
    emailVerified: verified,
    isAuthenticated: verified,
    // A seller whose e-mail is not verified yet is sent to the code screen.
    otpStatus: verified ? 'verified' : 'pending',
    otpEmail: verified ? null : user.email,
    accountDisabled: user.isDisabled,
  };
}

/** The state after a page load, from what is stored on this device. */
export function restoreAuthState(stored: StoredSellerToken | null): AuthState {
  if (!stored) return signedOutState;
  return withSession(stored.data, stored.token, emailIsVerified(stored.data, stored.isVerified));
}

/** Whether two seller records say the same (both come from the API's JSON, fields in its order). */
export function sameRecord(a: Seller | null, b: Seller | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'signedUp':
      // The token is kept but counts as unverified until the code is entered.
      return withSession(event.user, event.token, false);
    case 'loggedIn':
      return withSession(event.user, event.token, emailIsVerified(event.user));
    case 'otpVerified': {
      const user = event.user ?? state.user;
      return {
        ...state,
        user: user ? { ...user, emailVerified: true } : null,
        token: event.token ?? state.token,
        emailVerified: true,
        isAuthenticated: (event.token ?? state.token) !== null,
        otpStatus: 'verified',
        otpEmail: null,
      };
    }
    case 'accountDisabled':
      // Not logged in: the data is kept so the screens can say whose account it is.
      return { ...signedOutState, user: event.user, accountDisabled: true };
    case 'profileLoaded':
      // The profile the dashboard fetches on entry is usually the record already stored: the same
      // state then, so nothing that reads the session is drawn again (issue 20, docs/performance.md).
      if (sameRecord(state.user, event.user)) return state;
      return {
        ...state,
        user: event.user,
        emailVerified: emailIsVerified(event.user, state.emailVerified),
        accountDisabled: event.user.isDisabled,
      };
    case 'blocked':
      return { ...signedOutState, blocked: true };
    case 'forgotPasswordSent':
      return { ...state, forgotPasswordSuccess: true, resetEmail: event.email, resetSuccess: false };
    case 'forgotPasswordCancelled':
      return { ...state, forgotPasswordSuccess: false, resetEmail: null };
    case 'passwordReset':
      // Every older session stops working on the server, so nothing of it is kept here either.
      return { ...signedOutState, resetSuccess: true };
    case 'resetSuccessCancelled':
      return { ...state, resetSuccess: false };
    case 'loggedOut':
      return signedOutState;
  }
}
