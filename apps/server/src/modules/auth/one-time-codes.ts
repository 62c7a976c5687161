import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_MAX_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MINUTES,
} from '@kasuwa/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { oneTimeCodes } from '@/db/schema/index.ts';
import { BadRequestError, TooManyRequestsError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';

export type CodePurpose = 'verify_email' | 'reset_password' | 'step_up';

const HOUR_MS = 60 * 60 * 1000;

/**
 * E-mailed 6-digit codes. A code is drawn from a CSPRNG and only its HMAC (keyed with a server
 * secret, so a leaked table alone cannot be brute-forced offline) is stored. Rules: 10 minutes to
 * live, single use, 5 wrong tries, a new code retires the previous one, and at most one new code a
 * minute and five an hour per seller and purpose.
 */
export function oneTimeCodeStore(secret: string) {
  const hash = (code: string) => createHmac('sha256', secret).update(code).digest('hex');

  return {
    /** Issues a new code inside the caller's transaction, which must hold the seller row lock. */
    async issue(tx: Queryable, sellerId: string, purpose: CodePurpose, now: Date): Promise<string> {
      const recent = await tx
        .select({ createdAt: oneTimeCodes.createdAt })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.sellerId, sellerId),
            eq(oneTimeCodes.purpose, purpose),
            gt(oneTimeCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt));
      const last = recent[0];
      if (last) {
        const waitMs = last.createdAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
        if (waitMs > 0) {
          throw new TooManyRequestsError(
            `Please wait ${Math.ceil(waitMs / 1000)} seconds before asking for a new code.`,
          );
        }
      }
      if (recent.length >= OTP_MAX_PER_HOUR) {
        throw new TooManyRequestsError(
          `You have asked for ${OTP_MAX_PER_HOUR} codes in the last hour. Please try again later.`,
        );
      }
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oneTimeCodes.sellerId, sellerId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await tx.insert(oneTimeCodes).values({
        sellerId,
        purpose,
        codeHash: hash(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60 * 1000),
      });
      return code;
    },

    /**
     * Checks a code inside the caller's transaction. A wrong try is counted even though the
     * caller's request fails, so the outcome is returned rather than thrown.
     */
    async consume(
      tx: Queryable,
      sellerId: string,
      purpose: CodePurpose,
      code: string,
      now: Date,
    ): Promise<{ ok: true } | { ok: false; error: BadRequestError | TooManyRequestsError }> {
      const [row] = await tx
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.sellerId, sellerId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.expiresAt.getTime() <= now.getTime()) {
        return {
          ok: false,
          error: new BadRequestError('This code has expired or was already used. Ask for a new code.'),
        };
      }
      if (row.wrongTries >= OTP_MAX_WRONG_TRIES) {
        return {
          ok: false,
          error: new TooManyRequestsError('Too many wrong tries for this code. Ask for a new code.'),
        };
      }
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(hash(code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await tx
          .update(oneTimeCodes)
          .set({ wrongTries: sql`${oneTimeCodes.wrongTries} + 1` })
          .where(eq(oneTimeCodes.id, row.id));
        const left = OTP_MAX_WRONG_TRIES - row.wrongTries - 1;
        return {
          ok: false,
          error:
            left > 0
              ? new BadRequestError(`Invalid code. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
              : new TooManyRequestsError('Invalid code. Too many wrong tries: ask for a new code.'),
        };
      }
      await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, row.id));
      return { ok: true };
    },
  };
}
export type OneTimeCodeStore = ReturnType<typeof oneTimeCodeStore>;
