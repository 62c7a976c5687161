import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './limits.ts';
import { onboardingProcessMarker, sellerSchema } from './seller.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Shown under the password field and enforced on the server. */
export const PASSWORD_POLICY_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one number.`;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_PER_HOUR = 5;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .email({ pattern: EMAIL_PATTERN, error: 'Enter a valid email address' });

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/[0-9]/, 'Password must contain a number');

const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`);

/** E.164: a plus, the country code and the number, 8 to 15 digits in all. */
export const phoneNumberField = z
  .string({ error: 'Phone Number is required' })
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'Enter a valid phone number with its country code, e.g. +2348012345678');

export const otpField = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const registerBody = z.strictObject({
  firstName: nameField('First Name'),
  lastName: nameField('Last Name'),
  email: emailField,
  password: passwordField,
  phoneNumber: phoneNumberField,
  storeName: z
    .string({ error: 'Store Name is required' })
    .trim()
    .min(2, 'Store Name must be at least 2 characters')
    .max(60, 'Store Name must be at most 60 characters'),
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,12}$/, 'Enter a valid referral code')
    .optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const registerResponse = z.object({
  user: sellerSchema,
  token: z.string(),
  message: z.string(),
  referralUsed: z.boolean(),
  referrerId: z.string().nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const loginBody = z.strictObject({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.object({ user: sellerSchema, token: z.string(), message: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** A disabled seller gets their data and the flag, but no session (SPEC section 4). */
export const accountDisabledResponse = z.object({
  message: z.string(),
  isDisabled: z.literal(true),
  user: sellerSchema,
});
export type AccountDisabledResponse = z.infer<typeof accountDisabledResponse>;

export const verifyOtpBody = z.strictObject({ email: emailField, otp: otpField });
export const verifyOtpResponse = z.object({ token: z.string(), user: sellerSchema, message: z.string() });
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;

export const emailOnlyBody = z.strictObject({ email: emailField });
export const messageResponse = z.object({ message: z.string() });

export const resetPasswordBody = z.strictObject({
  email: emailField,
  code: otpField,
  newPassword: passwordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const checkTokenResponse = z.object({ valid: z.literal(true), token: z.string() });

export const onboardingProcessResponse = z.object({ onboardingProcess: onboardingProcessMarker.nullable() });
export const updateOnboardingProcessBody = z.strictObject({ onboardingProcess: onboardingProcessMarker });
export const updateOnboardingProcessResponse = z.object({
  token: z.string(),
  onboardingProcess: onboardingProcessMarker,
});
