import {
  ACCOUNT_CLOSURE_GRACE_DAYS,
  type AccountClosure,
  type AccountClosureResponse,
} from '@kasuwa/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError } from '@/lib/errors.ts';
import { verifyPassword } from '@/lib/password.ts';
import { transactionsOf } from '@/lib/queryable.ts';

export const FINALISE_CLOSURE_TASK = 'settings.finalise-account-closure';
const GRACE_MS = ACCOUNT_CLOSURE_GRACE_DAYS * 24 * 60 * 60 * 1000;
const jobKey = (sellerId: string) => `seller:${sellerId}:closure`;

export const closureOf = (row: Pick<SellerRow, 'closureRequestedAt'>): AccountClosure | null =>
  row.closureRequestedAt
    ? {
        requestedAt: row.closureRequestedAt.toISOString(),
        closesAt: new Date(row.closureRequestedAt.getTime() + GRACE_MS).toISOString(),
      }
    : null;

/**
 * "Close account" (Nigeria Data Protection Act 2023, s.34(1)(c): erasure): the request waits
 * ACCOUNT_CLOSURE_GRACE_DAYS, cancellable, then a job (named by job_key, so cancelling removes it)
 * disables the account and anonymises the personal data on the seller record. Orders, ledger and
 * tax records stay (the Act lets records the law requires be kept), tied to the anonymised seller.
 */
export function accountClosureService({ db, clock, jobs }: { db: Database; clock: Clock; jobs: JobQueue }) {
  const transaction = transactionsOf(db);

  async function finalise(sellerId: string): Promise<void> {
    await transaction(async (tx) => {
      const [row] = await tx.select().from(sellers).where(eq(sellers.id, sellerId)).for('update').limit(1);
      // Cancelled, already closed, or run early (a moved clock): nothing to do.
      if (!row?.closureRequestedAt || row.closedAt) return;
      if (clock.now().getTime() < row.closureRequestedAt.getTime() + GRACE_MS) return;
      const tag = row.id.slice(0, 8);
      await tx
        .update(sellers)
        .set({
          firstName: 'Closed',
          lastName: 'account',
          email: `closed-${row.id}@closed.invalid`,
          phoneNumber: '+0000000000',
          storeName: `Closed store ${tag}`,
          storeSlug: null,
          storeDescription: '',
          businessName: null,
          storeAvatarUrl: null,
          storeBannerUrl: null,
          bankDetails: null,
          sellerAddress: null,
          businessAddress: null,
          notificationPreferences: null,
          isDisabled: true,
          vacationMode: true,
          closedAt: clock.now(),
          tokenVersion: row.tokenVersion + 1,
          updatedAt: sql`now()`,
        })
        .where(eq(sellers.id, row.id));
    });
  }

  return {
    async request(row: SellerRow, storeName: string, password: string): Promise<AccountClosureResponse> {
      if (storeName.trim().toLowerCase() !== row.storeName.trim().toLowerCase()) {
        throw new BadRequestError('The store name you typed does not match your store name');
      }
      if (!(await verifyPassword(row.passwordHash, password))) {
        throw new BadRequestError('Your password is incorrect');
      }
      const requestedAt = clock.now();
      await transaction(async (tx) => {
        await tx.update(sellers).set({ closureRequestedAt: requestedAt }).where(eq(sellers.id, row.id));
        await jobs.add(
          tx,
          FINALISE_CLOSURE_TASK,
          { sellerId: row.id },
          { runAt: new Date(requestedAt.getTime() + GRACE_MS), jobKey: jobKey(row.id) },
        );
      });
      const closure = closureOf({ closureRequestedAt: requestedAt });
      return {
        message: `Your account will close on ${new Date(requestedAt.getTime() + GRACE_MS).toDateString()}. You can cancel until then.`,
        closure,
      };
    },

    async cancel(row: SellerRow): Promise<AccountClosureResponse> {
      await transaction(async (tx) => {
        await tx.update(sellers).set({ closureRequestedAt: null }).where(eq(sellers.id, row.id));
        await jobs.remove(tx, jobKey(row.id));
      });
      return { message: 'Account closure cancelled. Your store stays open.', closure: null };
    },

    finalise,

    tasks: {
      [FINALISE_CLOSURE_TASK]: taskOf(z.object({ sellerId: z.uuid() }), ({ sellerId }) => finalise(sellerId)),
    } satisfies TaskList,
  };
}
export type AccountClosureService = ReturnType<typeof accountClosureService>;
