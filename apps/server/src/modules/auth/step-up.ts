import { OTP_TTL_MINUTES, PRODUCT_NAME, type StepUp } from '@kasuwa/contracts';
import type { Database } from '@/db/client.ts';
import type { SellerRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ForbiddenError, TooManyRequestsError } from '@/lib/errors.ts';
import { verifyPassword } from '@/lib/password.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mailer } from '@/mail/mailer.ts';
import { authRepository } from '@/modules/auth/auth.repository.ts';
import { MAX_LOGIN_FAILURES_PER_HOUR } from '@/modules/auth/auth.service.ts';
import type { OneTimeCodeStore } from '@/modules/auth/one-time-codes.ts';

/**
 * A fresh proof of who is asking, before money moves or its destination changes (issue 15): the
 * seller's password again, or a 6-digit code e-mailed by POST /api/auth/step-up/code. A stolen
 * session token alone can then neither send a payout nor change the bank account it goes to.
 */
export type StepUpPort = {
  /**
   * Resolves when the proof is right; throws a 403 with a message for the seller when it is not
   * (429 after too many tries). Pass the database, not a transaction the caller rolls back on
   * failure: a wrong try is recorded here and must stay recorded. A right code is used up.
   */
  verify(q: Queryable, sellerId: string, stepUp: StepUp): Promise<void>;
};

export const WRONG_PASSWORD_MESSAGE = 'That password is not right';

const HOUR_MS = 60 * 60 * 1000;

/** `a•••@example.com`: enough for the seller to know which inbox to look in. */
const maskedEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

export function stepUpService(deps: { db: Database; codes: OneTimeCodeStore; mailer: Mailer; clock: Clock }) {
  const repo = authRepository(deps.db);

  const port: StepUpPort = {
    async verify(q, sellerId, stepUp) {
      const now = deps.clock.now();
      if (stepUp.method === 'password') {
        // The same per-account budget as log-in: failures here and there count together, so a
        // stolen session cannot be used to guess the password more cheaply than the log-in form.
        const since = new Date(now.getTime() - HOUR_MS);
        if ((await repo.countRecentLoginFailures(q, sellerId, since)) >= MAX_LOGIN_FAILURES_PER_HOUR) {
          throw new TooManyRequestsError(
            'Too many wrong passwords for this account. Try again in an hour, or use an e-mailed code.',
          );
        }
        const passwordHash = await repo.passwordHashOf(q, sellerId);
        if (!passwordHash || !(await verifyPassword(passwordHash, stepUp.password))) {
          await repo.recordLoginFailure(q, sellerId, now);
          throw new ForbiddenError(WRONG_PASSWORD_MESSAGE);
        }
        return;
      }
      // The code's row lock and its wrong-try count commit in a transaction of their own.
      const outcome = await repo.transaction((tx) =>
        deps.codes.consume(tx, sellerId, 'step_up', stepUp.code, now),
      );
      if (outcome.ok) return;
      if (outcome.error instanceof BadRequestError) throw new ForbiddenError(outcome.error.message);
      throw outcome.error;
    },
  };

  return {
    port,
    /** Issues a step-up code under the seller's row lock and mails it at once (the seller is waiting). */
    async sendCode(seller: SellerRow): Promise<{ message: string }> {
      const code = await repo.transaction(async (tx) => {
        const row = await repo.findByEmail(tx, seller.email, { lock: true });
        if (!row) throw new BadRequestError('Seller not found');
        return deps.codes.issue(tx, row.id, 'step_up', deps.clock.now());
      });
      await deps.mailer.send({
        to: seller.email,
        subject: `${code} is your ${PRODUCT_NAME} confirmation code`,
        text: [
          `Hello ${seller.firstName},`,
          '',
          `Use this code to confirm a payout or a change of your payout bank account on ${PRODUCT_NAME} Seller:`,
          '',
          `    ${code}`,
          '',
          `It expires in ${OTP_TTL_MINUTES} minutes and works once.`,
          'If you did not ask for it, someone may be using your account: change your password now.',
          '',
          `— The ${PRODUCT_NAME} team`,
        ].join('\n'),
      });
      return { message: `We sent a 6-digit code to ${maskedEmail(seller.email)}.` };
    },
  };
}
export type StepUpService = ReturnType<typeof stepUpService>;
