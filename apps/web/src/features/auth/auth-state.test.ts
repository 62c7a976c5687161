import { describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  type AuthState,
  authReducer,
  restoreAuthState,
  signedOutState,
} from '@/features/auth/auth-state';
import { testSeller } from '@/test/fake-api';

const run = (events: AuthEvent[], from: AuthState = signedOutState) => events.reduce(authReducer, from);

const unverified = testSeller({ emailVerified: false, isVerified: false, onboardingProcess: null });
const verified = testSeller();

describe('authReducer', () => {
  it('after sign-up keeps the token as unverified with the code pending for that e-mail', () => {
    const state = run([{ type: 'signedUp', user: unverified, token: 't1' }]);
    expect(state).toMatchObject({
      token: 't1',
      isAuthenticated: false,
      emailVerified: false,
      otpStatus: 'pending',
      otpEmail: unverified.email,
    });
  });

  it('authenticates once the code is verified, replacing the token and user with the answer', () => {
    let state = run([{ type: 'signedUp', user: unverified, token: 't1' }]);
    const answered = { ...unverified, emailVerified: true };
    state = authReducer(state, { type: 'otpVerified', user: answered, token: 't2' });
    expect(state).toMatchObject({
      token: 't2',
      user: answered,
      isAuthenticated: true,
      emailVerified: true,
      otpStatus: 'verified',
      otpEmail: null,
    });
  });

  it('keeps the stored token and marks the user verified when the verify answer carries neither', () => {
    const state = run([{ type: 'signedUp', user: unverified, token: 't1' }, { type: 'otpVerified' }]);
    expect(state.token).toBe('t1');
    expect(state.user?.emailVerified).toBe(true);
    expect(state.isAuthenticated).toBe(true);
  });

  it('counts a log-in as authenticated only with a verified e-mail', () => {
    expect(run([{ type: 'loggedIn', user: verified, token: 't' }])).toMatchObject({
      isAuthenticated: true,
      otpStatus: 'verified',
    });
    expect(run([{ type: 'loggedIn', user: unverified, token: 't' }])).toMatchObject({
      isAuthenticated: false,
      emailVerified: false,
      otpStatus: 'pending',
      otpEmail: unverified.email,
    });
  });

  it('does not log a disabled seller in but keeps their data and sets the flag', () => {
    const disabled = testSeller({ isDisabled: true });
    const state = run([{ type: 'accountDisabled', user: disabled }]);
    expect(state).toMatchObject({
      user: disabled,
      token: null,
      isAuthenticated: false,
      accountDisabled: true,
    });
  });

  it('sets the disabled flag from a fetched profile and clears it when the profile says enabled again', () => {
    let state = run([{ type: 'loggedIn', user: verified, token: 't' }]);
    state = authReducer(state, { type: 'profileLoaded', user: { ...verified, isDisabled: true } });
    expect(state.accountDisabled).toBe(true);
    expect(state.isAuthenticated).toBe(true);
    state = authReducer(state, { type: 'profileLoaded', user: verified });
    expect(state.accountDisabled).toBe(false);
  });

  it('keeps the same state when the fetched profile says what the stored record says', () => {
    const state = run([{ type: 'loggedIn', user: verified, token: 't' }]);
    expect(authReducer(state, { type: 'profileLoaded', user: { ...verified } })).toBe(state);
    const renamed = authReducer(state, {
      type: 'profileLoaded',
      user: { ...verified, storeName: 'New name' },
    });
    expect(renamed).not.toBe(state);
    expect(renamed.user?.storeName).toBe('New name');
  });

  it('forgets the session of a blocked seller and remembers that they are blocked', () => {
    const state = run([{ type: 'loggedIn', user: verified, token: 't' }, { type: 'blocked' }]);
    expect(state).toMatchObject({ user: null, token: null, isAuthenticated: false, blocked: true });
  });

  it('sets the forgot-password success with its e-mail, and cancelling it forgets both', () => {
    let state = run([{ type: 'forgotPasswordSent', email: 'ngozi@example.ng' }]);
    expect(state).toMatchObject({ forgotPasswordSuccess: true, resetEmail: 'ngozi@example.ng' });
    state = authReducer(state, { type: 'forgotPasswordCancelled' });
    expect(state).toMatchObject({ forgotPasswordSuccess: false, resetEmail: null });
  });

  it('after a reset shows the reset success with no session, and the success can be dismissed', () => {
    let state = run([
      { type: 'loggedIn', user: verified, token: 't' },
      { type: 'forgotPasswordSent', email: verified.email },
      { type: 'passwordReset' },
    ]);
    expect(state).toMatchObject({
      resetSuccess: true,
      forgotPasswordSuccess: false,
      token: null,
      user: null,
    });
    state = authReducer(state, { type: 'resetSuccessCancelled' });
    expect(state.resetSuccess).toBe(false);
  });

  it('logs out to the signed-out state from anywhere', () => {
    const state = run([
      { type: 'loggedIn', user: testSeller({ isDisabled: true }), token: 't' },
      { type: 'loggedOut' },
    ]);
    expect(state).toEqual(signedOutState);
  });
});

describe('restoreAuthState', () => {
  it('is signed out with nothing stored', () => {
    expect(restoreAuthState(null)).toEqual(signedOutState);
  });

  it('restores a verified session as authenticated', () => {
    expect(restoreAuthState({ data: verified, token: 't', isVerified: true })).toMatchObject({
      token: 't',
      isAuthenticated: true,
    });
  });

  it('restores an unverified session with the code still pending, so a reload keeps the code screen', () => {
    expect(restoreAuthState({ data: unverified, token: 't', isVerified: false })).toMatchObject({
      isAuthenticated: false,
      otpStatus: 'pending',
      otpEmail: unverified.email,
    });
  });

  it('takes the stored isVerified flag as proof of a verified e-mail', () => {
    expect(restoreAuthState({ data: unverified, token: 't', isVerified: true }).isAuthenticated).toBe(true);
  });
});
