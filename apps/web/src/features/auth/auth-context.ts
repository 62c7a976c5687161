import type {
  LoginBody,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  Seller,
  VerifyOtpResponse,
} from '@kasuwa/contracts';
import { createContext, useContext } from 'react';
import type { AuthState } from '@/features/auth/auth-state';
import type { ApiClient } from '@/lib/api-client';

export type LoginOutcome =
  /** Logged in with a verified e-mail. */
  | { kind: 'loggedIn'; user: Seller; message: string }
  /** Logged in, but the e-mail needs its code first; the server has mailed a fresh one. */
  | { kind: 'verifyEmail'; user: Seller; message: string }
  /** A disabled seller: no session, their data stored, the flag set. */
  | { kind: 'disabled'; user: Seller; message: string };

export interface AuthContextValue {
  state: AuthState;
  /** The API client the auth screens and the profile query use. */
  api: ApiClient;
  /** Rejects with an ApiError for any failure other than a disabled account. */
  login(body: LoginBody): Promise<LoginOutcome>;
  signUp(body: RegisterBody): Promise<RegisterResponse>;
  verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse>;
  resendOtp(email: string): Promise<{ message: string }>;
  requestPasswordReset(email: string): Promise<{ message: string }>;
  /** 'Use a different email': forgets the forgot-password success. */
  cancelPasswordReset(): void;
  resetPassword(body: ResetPasswordBody): Promise<{ message: string }>;
  dismissResetSuccess(): void;
  /** The profile as the server sent it: stored, and the disabled flag follows it. */
  profileLoaded(user: Seller): void;
  /** SPEC §4: a 404 on the profile. Toast 'Unauthorized Seller', clear the session, go to /login. */
  sellerBlocked(): void;
  /** Clears the stored session and goes to /login. There is no server call for logout. */
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuthContext must be used within an AuthProvider');
  return value;
}
