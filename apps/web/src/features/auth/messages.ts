import { EMAIL_PATTERN } from '@kasuwa/contracts/limits';
import { isApiError } from '@/lib/api-client';

/**
 * The toast titles of SPEC §8 (Authentication and Session), in one light module: the log-in screen
 * imports it without pulling in the dialog or the form libraries.
 */
export const authMessages = {
  loginSuccess: 'Login successful',
  loginFailed: 'Login failed',
  accountDisabled: 'Account Disabled',
  accountDisabledText: 'Your account has been disabled. Please contact support.',
  verifyEmailFirst: 'Verify your email',
  otpVerified: 'Account verified successfully!',
  otpVerifiedText: 'Email verified successfully',
  otpFailed: 'OTP verification failed',
  resetRequested: 'Password reset request sent',
  forgotFailed: 'Login Unauthorized',
  resetSucceeded: 'Password reset successful',
  resetFailed: 'Password reset failed',
  /** When a call fails with something other than an ApiError, which should not happen. */
  unexpected: 'Something went wrong. Please try again.',
} as const;

/** The message to show for a failed call: the server's words when there are some. */
export function failureMessage(error: unknown): string {
  return isApiError(error) ? error.message : authMessages.unexpected;
}

/** The server's field problems, keyed by request field ('email', 'phoneNumber', ...). */
export function fieldIssues(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (!isApiError(error)) return byField;
  for (const issue of error.issues) byField[issue.path] ??= issue.message;
  return byField;
}

// Without zod on the log-in screen: the contract's pattern (from its zod-free limits) and words.
export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'Email is required';
  if (!EMAIL_PATTERN.test(trimmed)) return 'Enter a valid email address';
  return undefined;
}

/** The e-mail as the server stores it, so the code screen and the outbox agree on the address. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
