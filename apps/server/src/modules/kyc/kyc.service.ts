import {
  type AdminKycBody,
  type AdminKycDecision,
  type AdminKycResponse,
  type KycResponse,
  type KycStatus,
  PRODUCT_NAME,
  type submitKycBody,
} from '@kasuwa/contracts';
import type { z } from 'zod';
import type { KycIdentityRecord, SellerKycRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import type { FieldCipher } from '@/lib/field-encryption.ts';
import { afterCommit, type Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { KycRepository, KycSeller } from '@/modules/kyc/kyc.repository.ts';
import {
  INITIAL_KYC_STATE,
  type KycMachineEvent,
  type KycState,
  SUBMITTABLE,
  transition,
} from '@/modules/kyc/kyc-machine.ts';
import type { KycProvider } from '@/modules/kyc/kyc-provider.ts';
import { companyNameMatches, personNameMatches } from '@/modules/kyc/name-match.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';

type SubmitKyc = z.output<typeof submitKycBody>;
type Actor = 'seller' | 'check' | 'operator';

/** What payouts ask of KYC (payouts.service.ts blockedReason). */
export type KycPort = {
  isVerified: (q: Queryable, sellerId: string) => Promise<boolean>;
  /** For the Account screen. */
  status: (q: Queryable, sellerId: string) => Promise<KycStatus>;
};

const DEFAULT_REJECT_REASON =
  'We could not confirm your identity from the details and documents you sent. Check them and submit again.';

const last4 = (n: string) => n.slice(-4);

/**
 * Identity verification (issue 17, docs/kyc.md). A submission is checked with the KycProvider
 * (outside any transaction: a register may be slow), then one transaction applies the machine's
 * verdict, writes the timeline event, the notification and the queued e-mail together.
 */
export function kycService(deps: {
  repo: KycRepository;
  provider: KycProvider;
  cipher: FieldCipher;
  clock: Clock;
  notifications: Pick<NotificationsService, 'createInTransaction'>;
  sendMail: (q: Queryable, mail: Mail) => Promise<void>;
}) {
  const { repo, provider, cipher, clock } = deps;

  const stateOf = (row: SellerKycRow | null): KycState =>
    row ? { status: row.status as KycStatus, reason: row.reason } : INITIAL_KYC_STATE;

  async function sellerOf(sellerId: string) {
    const seller = await repo.seller(repo.db, sellerId);
    if (!seller) throw new NotFoundError('Seller');
    return seller;
  }

  /** Applies one event in `tx`: state, timeline, notification, e-mail — all or none. */
  async function apply(
    tx: Queryable,
    seller: KycSeller,
    current: KycState,
    event: KycMachineEvent,
    actor: Actor,
    patch: Partial<Omit<SellerKycRow, 'sellerId'>> = {},
  ): Promise<KycState> {
    const result = transition(current, event);
    if (!result.ok) throw new ConflictError(result.message);
    const now = clock.now();
    await repo.save(tx, seller.id, {
      ...patch,
      status: result.state.status,
      reason: result.state.reason,
      updatedAt: now,
    });
    await repo.addEvent(tx, {
      sellerId: seller.id,
      status: result.state.status,
      reason: result.state.reason,
      actor,
      createdAt: now,
    });
    const { push } = await deps.notifications.createInTransaction(tx, seller.id, {
      type: 'kyc_status',
      ...result.effects.notification,
    });
    afterCommit(tx, push);
    await deps.sendMail(tx, {
      to: seller.email,
      subject: result.effects.email.subject,
      text: `Hello ${seller.firstName},\n\n${result.effects.email.text}`,
    });
    return result.state;
  }

  /** Asks the register about each number; answers what to keep and, if any check failed, why. */
  async function check(seller: KycSeller, body: SubmitKyc) {
    const fullName = `${seller.firstName} ${seller.lastName}`;
    const problems: string[] = [];
    const identities: KycIdentityRecord[] = [];
    const keep = (type: KycIdentityRecord['type'], number: string, nameOnRecord: string | null) =>
      identities.push({ type, encrypted: cipher.encrypt(number), last4: last4(number), nameOnRecord });
    const person = async (type: 'bvn' | 'nin' | 'director_bvn', number: string) => {
      const label = type === 'nin' ? 'NIN' : type === 'bvn' ? 'BVN' : "director's BVN";
      const record =
        type === 'nin'
          ? await provider.lookupNin(number, { fullName })
          : await provider.lookupBvn(number, { fullName });
      keep(type, number, record.found ? record.fullName : null);
      if (!record.found) {
        problems.push(
          `We could not find the ${label} ending in ${last4(number)}. Check the number and submit again.`,
        );
        return null;
      }
      if (!personNameMatches(seller, record.fullName)) {
        problems.push(
          `The name on the ${label} ending in ${last4(number)} is not ${fullName}, the name on your ${PRODUCT_NAME} account.`,
        );
      }
      return record.fullName;
    };

    if (body.kind === 'individual') {
      await person('bvn', body.bvn);
      await person('nin', body.nin);
      if (seller.bankAccountName && !personNameMatches(seller, seller.bankAccountName)) {
        problems.push(
          `Your bank account is in the name of ${seller.bankAccountName}, not ${fullName}. Payouts go only to an account in your own name.`,
        );
      }
    } else {
      const match = /^(RC|BN)(\d+)$/.exec(body.cacNumber);
      const kind = match?.[1] as 'RC' | 'BN';
      const digits = match?.[2] ?? '';
      const registered = seller.businessName ?? seller.storeName;
      const company = await provider.lookupCompany({ kind, digits }, { companyName: registered });
      keep('cac', body.cacNumber, company.found ? company.companyName : null);
      if (!company.found) {
        problems.push(
          `We could not find ${kind} ${digits} at the Corporate Affairs Commission. Check the number and submit again.`,
        );
      } else if (!companyNameMatches(registered, company.companyName)) {
        problems.push(`${kind} ${digits} is registered to ${company.companyName}, not ${registered}.`);
      }
      await person('director_bvn', body.directorBvn);
      const bank = seller.bankAccountName;
      if (bank && !companyNameMatches(registered, bank) && !personNameMatches(seller, bank)) {
        problems.push(
          `Your bank account is in the name of ${bank}: payouts go only to an account of ${registered} or in your own name.`,
        );
      }
    }
    return { identities, problem: problems.length ? problems.join(' ') : null };
  }

  async function view(sellerId: string, accountType: KycSeller['accountType']): Promise<KycResponse> {
    const [row, events] = await Promise.all([repo.state(repo.db, sellerId), repo.events(repo.db, sellerId)]);
    const state = stateOf(row);
    return {
      status: state.status,
      reason: state.reason,
      accountType,
      canSubmit: accountType !== null && SUBMITTABLE.includes(state.status),
      identities: (row?.identities ?? []).map(({ type, last4, nameOnRecord }) => ({
        type,
        last4,
        nameOnRecord,
      })),
      submittedAt: row?.submittedAt?.toISOString() ?? null,
      reviewedAt: row?.reviewedAt?.toISOString() ?? null,
      history: events.map((e) => ({
        id: String(e.id),
        status: e.status as KycStatus,
        reason: e.reason,
        actor: e.actor as Actor,
        at: e.createdAt.toISOString(),
      })),
    };
  }

  return {
    async get(sellerId: string): Promise<KycResponse> {
      const seller = await sellerOf(sellerId);
      return view(seller.id, seller.accountType);
    },

    async submit(sellerId: string, body: SubmitKyc): Promise<KycResponse> {
      const seller = await sellerOf(sellerId);
      if (!seller.accountType)
        throw new ConflictError('Choose Individual or Business on Apply To Sell first.');
      if (seller.accountType !== body.kind) {
        throw new BadRequestError(
          seller.accountType === 'business'
            ? 'Your store is a business: give its CAC registration number and a director’s BVN.'
            : 'Your store is an individual’s: give your BVN and NIN.',
        );
      }
      // Refused before the register is asked: a check costs money and time.
      const before = transition(stateOf(await repo.state(repo.db, seller.id)), { type: 'submitted' });
      if (!before.ok) throw new ConflictError(before.message);

      const { identities, problem } = await check(seller, body);
      await repo.transaction(async (tx) => {
        const row = await repo.lockOrCreate(tx, seller.id, clock.now());
        const event: KycMachineEvent = problem
          ? { type: 'check_failed', reason: problem }
          : { type: 'submitted' };
        await apply(tx, seller, stateOf(row), event, problem ? 'check' : 'seller', {
          identities,
          submittedAt: clock.now(),
          reviewedAt: null,
        });
      });
      return view(seller.id, seller.accountType);
    },

    /** The review team's decision (`npm run admin -- kyc approve|reject <email> [reason]`). */
    async review(decision: AdminKycDecision, body: AdminKycBody): Promise<AdminKycResponse> {
      const seller = await repo.sellerByEmail(repo.db, body.email);
      if (!seller) throw new NotFoundError('Seller');
      const reason = body.reason ?? DEFAULT_REJECT_REASON;
      const state = await repo.transaction(async (tx) => {
        const row = await repo.lockOrCreate(tx, seller.id, clock.now());
        const event: KycMachineEvent =
          decision === 'approve' ? { type: 'approved' } : { type: 'rejected', reason };
        return apply(tx, seller, stateOf(row), event, 'operator', { reviewedAt: clock.now() });
      });
      const message =
        decision === 'approve'
          ? `${seller.email}'s identity is verified; they were notified and e-mailed.`
          : `${seller.email}'s identity verification was rejected ("${reason}"); they were notified and e-mailed.`;
      return { message, status: state.status };
    },

    port: {
      isVerified: async (q: Queryable, sellerId: string) => (await repo.status(q, sellerId)) === 'verified',
      status: async (q: Queryable, sellerId: string) => (await repo.status(q, sellerId)) as KycStatus,
    } satisfies KycPort,
  };
}
export type KycService = ReturnType<typeof kycService>;
