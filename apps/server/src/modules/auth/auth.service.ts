import {
  type AccountDisabledResponse,
  type LoginResponse,
  type OnboardingProcessMarker,
  OTP_TTL_MINUTES,
  PRODUCT_NAME,
  type RegisterResponse,
  type Seller,
  type VerifyOtpResponse,
} from '@kasuwa/contracts';
import type { Logger } from 'pino';
import type { Database } from '@/db/client.ts';
import type { SellerRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  TooManyRequestsError,
} from '@/lib/errors.ts';
import { hashPassword, verifyPassword } from '@/lib/password.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import { newReferralCode } from '@/lib/referral-code.ts';
import type { TokenService } from '@/lib/tokens.ts';
import type { Mailer } from '@/mail/mailer.ts';
import { authRepository } from '@/modules/auth/auth.repository.ts';
import type { CodePurpose, OneTimeCodeStore } from '@/modules/auth/one-time-codes.ts';
import { toSellerView } from '@/modules/auth/seller-view.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import { ACCOUNT_DISABLED_MESSAGE } from '@/plugins/auth.ts';

export const MAX_LOGIN_FAILURES_PER_HOUR = 100;
const INVALID_CODE = 'This code has expired or was already used. Ask for a new code.';

// A real hash of a random password: verifying against it costs what a real check costs, so an
// unknown e-mail answers as slowly as a wrong password and timing does not reveal accounts.
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
};

/** A disabled seller's login: their data and the flag, but no session (SPEC section 4). */
export class AccountDisabledError extends HttpError {
  constructor(body: AccountDisabledResponse) {
    super(403, body.message, body);
  }
}

type Deps = {
  db: Database;
  tokens: TokenService;
  codes: OneTimeCodeStore;
  mailer: Mailer;
  clock: Clock;
  log: Pick<Logger, 'error' | 'info'>;
  /** Greets a new seller in the dashboard; passed in so accounts does not reach into notifications. */
  notifications: Pick<NotificationsService, 'create'>;
};

export function authService({ db, tokens, codes, mailer, clock, log, notifications }: Deps) {
  const repo = authRepository(db);
  const session = (row: SellerRow) => tokens.sign({ id: row.id, tokenVersion: row.tokenVersion });

  const mailCode = async (row: SellerRow, purpose: CodePurpose, code: string) => {
    const verify = purpose === 'verify_email';
    await mailer.send({
      to: row.email,
      subject: verify
        ? `${code} is your ${PRODUCT_NAME} verification code`
        : `${code} is your ${PRODUCT_NAME} password reset code`,
      text: [
        `Hello ${row.firstName},`,
        '',
        verify
          ? `Use this code to verify your email for ${PRODUCT_NAME} Seller:`
          : `Use this code to reset your ${PRODUCT_NAME} Seller password:`,
        '',
        `    ${code}`,
        '',
        `It expires in ${OTP_TTL_MINUTES} minutes and works once.`,
        verify
          ? 'If you did not create an account, you can ignore this email.'
          : 'If you did not ask to reset your password, ignore this email: your password stays the same.',
        '',
        `— The ${PRODUCT_NAME} team`,
      ].join('\n'),
    });
  };

  /** Issues a code under the seller row lock, then mails it after the commit. */
  const sendCode = async (email: string, purpose: CodePurpose): Promise<SellerRow | null> => {
    const issued = await repo.transaction(async (tx) => {
      const row = await repo.findByEmail(tx, email, { lock: true });
      if (!row) return null;
      const code = await codes.issue(tx, row.id, purpose, clock.now());
      return { row, code };
    });
    if (!issued) return null;
    await mailCode(issued.row, purpose, issued.code);
    return issued.row;
  };

  return {
    async register(input: {
      firstName: string;
      lastName: string;
      email: string;
      password: string;
      phoneNumber: string;
      storeName: string;
      referralCode?: string | undefined;
    }): Promise<RegisterResponse> {
      const referrer = input.referralCode ? await repo.findByReferralCode(repo.db, input.referralCode) : null;
      if (input.referralCode && !referrer) throw new BadRequestError('That referral code does not exist');
      const passwordHash = await hashPassword(input.password);

      let created: { row: SellerRow; code: string } | null = null;
      for (let attempt = 0; !created; attempt++) {
        try {
          created = await repo.transaction(async (tx) => {
            const row = await repo.insert(tx, {
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              phoneNumber: input.phoneNumber,
              storeName: input.storeName,
              passwordHash,
              referralCode: newReferralCode(),
              referredBy: referrer?.id ?? null,
            });
            const code = await codes.issue(tx, row.id, 'verify_email', clock.now());
            return { row, code };
          });
        } catch (err) {
          const constraint = uniqueViolation(err);
          if (constraint === 'sellers_email_lower_key') {
            throw new ConflictError('An account with this email already exists. Log in instead.');
          }
          if (constraint === 'sellers_store_name_lower_key') {
            throw new ConflictError('This store name is already taken. Choose another one.');
          }
          // Two sellers drew the same referral code: draw again.
          if (constraint === 'sellers_referral_code_key' && attempt < 5) continue;
          throw err;
        }
      }

      let message = `Account created. We sent a 6-digit code to ${created.row.email} to verify your email.`;
      try {
        await mailCode(created.row, 'verify_email', created.code);
      } catch (err) {
        log.error({ err }, 'could not send the verification code');
        message = 'Account created, but we could not send your code. Tap "Resend code" in a minute.';
      }
      try {
        await notifications.create(created.row.id, { type: 'welcome' });
      } catch (err) {
        // A missing welcome must not fail a sign-up that has already succeeded.
        log.error({ err }, 'could not create the welcome notification');
      }
      return {
        user: toSellerView(created.row),
        token: await session(created.row),
        message,
        referralUsed: referrer !== null,
        referrerId: referrer?.id ?? null,
      };
    },

    async login(email: string, password: string): Promise<LoginResponse> {
      const row = await repo.findByEmail(repo.db, email);
      if (!row) {
        await verifyPassword(await decoy(), password);
        throw new BadRequestError('Incorrect email or password');
      }
      const since = new Date(clock.now().getTime() - 60 * 60 * 1000);
      if ((await repo.countRecentLoginFailures(repo.db, row.id, since)) >= MAX_LOGIN_FAILURES_PER_HOUR) {
        throw new TooManyRequestsError(
          'Too many failed log-in attempts for this account. Try again in an hour, or reset your password.',
        );
      }
      if (!(await verifyPassword(row.passwordHash, password))) {
        await repo.recordLoginFailure(repo.db, row.id, clock.now());
        throw new BadRequestError('Incorrect email or password');
      }
      if (row.isBlocked)
        throw new ForbiddenError(
          'Unauthorized Seller: this account has been blocked. Please contact support.',
        );
      if (row.isDisabled) {
        throw new AccountDisabledError({
          message: ACCOUNT_DISABLED_MESSAGE,
          isDisabled: true,
          user: toSellerView(row),
        });
      }
      if (!row.emailVerified) {
        let message = `Please verify your email. We sent a 6-digit code to ${row.email}.`;
        try {
          await sendCode(row.email, 'verify_email');
        } catch (err) {
          // A code sent a moment ago is still valid: the seller can use it.
          if (!(err instanceof TooManyRequestsError)) throw err;
          message = `Please verify your email with the code we sent to ${row.email}.`;
        }
        return { user: toSellerView(row), token: await session(row), message };
      }
      // A pending "Close account" (Settings) is said at every log-in, so it can still be cancelled.
      const message = row.closureRequestedAt
        ? `Your account is set to close on ${new Date(row.closureRequestedAt.getTime() + 30 * 24 * 60 * 60 * 1000).toDateString()}. To keep it, cancel in Settings → Your data.`
        : 'Login successful';
      return { user: toSellerView(row), token: await session(row), message };
    },

    async verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse> {
      const outcome = await repo.transaction(async (tx) => {
        const row = await repo.findByEmail(tx, email, { lock: true });
        if (!row) return { error: new BadRequestError(INVALID_CODE) } as const;
        if (row.emailVerified) {
          return { error: new BadRequestError('This email is already verified. Please log in.') } as const;
        }
        const result = await codes.consume(tx, row.id, 'verify_email', otp, clock.now());
        if (!result.ok) return { error: result.error } as const;
        return { row: await repo.update(tx, row.id, { emailVerified: true }) } as const;
      });
      if ('error' in outcome) throw outcome.error;
      return {
        token: await session(outcome.row),
        user: toSellerView(outcome.row),
        message: 'Email verified successfully',
      };
    },

    async resendOtp(email: string): Promise<{ message: string }> {
      const row = await repo.findByEmail(repo.db, email);
      if (!row) throw new BadRequestError('No account was found for this email. Sign up first.');
      if (row.emailVerified) throw new BadRequestError('This email is already verified. Please log in.');
      await sendCode(email, 'verify_email');
      return { message: `A new code has been sent to ${row.email}` };
    },

    async forgotPassword(email: string): Promise<{ message: string }> {
      const row = await repo.findByEmail(repo.db, email);
      if (row && !row.isBlocked) {
        try {
          await sendCode(email, 'reset_password');
        } catch (err) {
          // Throttled: the last code still works. Answer as usual so the answer never reveals accounts.
          if (!(err instanceof TooManyRequestsError)) throw err;
        }
      }
      return { message: `If an account exists for ${email}, we have sent a password reset code to it.` };
    },

    async resetPassword(email: string, code: string, newPassword: string): Promise<{ message: string }> {
      const passwordHash = await hashPassword(newPassword);
      const outcome = await repo.transaction(async (tx) => {
        const row = await repo.findByEmail(tx, email, { lock: true });
        if (!row) return { error: new BadRequestError(INVALID_CODE) } as const;
        const result = await codes.consume(tx, row.id, 'reset_password', code, clock.now());
        if (!result.ok) return { error: result.error } as const;
        // Every session issued before the reset stops working; the code proved the e-mail too.
        await repo.update(tx, row.id, {
          passwordHash,
          tokenVersion: row.tokenVersion + 1,
          emailVerified: true,
        });
        await repo.clearLoginFailures(tx, row.id);
        return { ok: true } as const;
      });
      if ('error' in outcome) throw outcome.error;
      return { message: 'Password reset successful. You can now log in with your new password.' };
    },

    async refreshToken(row: SellerRow): Promise<{ valid: true; token: string }> {
      return { valid: true, token: await session(row) };
    },

    profile(row: SellerRow): Seller {
      return toSellerView(row);
    },

    async setOnboardingProcess(row: SellerRow, marker: OnboardingProcessMarker) {
      const updated = await repo.update(repo.db, row.id, { onboardingProcess: marker });
      return { token: await session(updated), onboardingProcess: marker };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
