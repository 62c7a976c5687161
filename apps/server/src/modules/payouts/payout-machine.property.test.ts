import type { PayoutStatus } from '@kasuwa/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFinal, type PayoutEvent, transition } from '@/modules/payouts/payout-machine.ts';

const event: fc.Arbitrary<PayoutEvent> = fc.oneof(
  fc.constant({ type: 'accepted' as const }),
  fc.constant({ type: 'succeeded' as const }),
  fc.record({ type: fc.constant('failed' as const), reason: fc.constant('Account closed') }),
  fc.record({ type: fc.constant('reversed' as const), reason: fc.constant('Bank could not receive') }),
);

/**
 * Where the payout's money sits in the ledger after the effects so far: the hold put it in flight;
 * `ledger_paid` moves it to paid out, `ledger_returned` back to available.
 */
type Where = 'in_flight' | 'paid_out' | 'available';

function run(events: PayoutEvent[]) {
  let status: PayoutStatus = 'pending';
  let where: Where = 'in_flight';
  const mails: string[] = [];
  for (const e of events) {
    const next = transition(status, e);
    if (!next) continue;
    for (const effect of next.effects) {
      if (effect.type === 'ledger_paid') {
        expect(where).toBe('in_flight');
        where = 'paid_out';
      } else if (effect.type === 'ledger_returned') {
        expect(effect.from).toBe(where);
        where = 'available';
      } else mails.push(effect.about);
    }
    status = next.status;
  }
  return { status, where, mails };
}

describe('the payout state machine', () => {
  it('keeps the money where the status says, whatever order or repetition the answers come in', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), (events) => {
        const { status, where } = run(events);
        const expected: Record<PayoutStatus, Where> = {
          pending: 'in_flight',
          processing: 'in_flight',
          paid: 'paid_out',
          failed: 'available',
          reversed: 'available',
        };
        expect(where).toBe(expected[status]);
      }),
    );
  });

  it('replaying any answer twice changes nothing the second time', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 10 }), (events) => {
        const once = run(events);
        const twice = run(events.flatMap((e) => [e, e]));
        expect(twice).toEqual(once);
      }),
    );
  });

  it('mails the seller at most once for money back, and never after a final state', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), (events) => {
        const { mails, status } = run(events);
        expect(mails.filter((m) => m !== 'paid').length).toBeLessThanOrEqual(1);
        if (isFinal(status)) for (const e of events.slice(-1)) expect(transition(status, e)).toBeNull();
      }),
    );
  });

  it('follows pending → processing → paid, and a paid payout can still be reversed', () => {
    const accepted = transition('pending', { type: 'accepted' });
    expect(accepted?.status).toBe('processing');
    const paid = transition('processing', { type: 'succeeded' });
    expect(paid?.status).toBe('paid');
    const reversed = transition('paid', { type: 'reversed', reason: 'Bank returned it' });
    expect(reversed?.effects).toContainEqual({
      type: 'ledger_returned',
      from: 'paid_out',
      reason: 'Bank returned it',
    });
    expect(transition('failed', { type: 'succeeded' })).toBeNull();
    expect(transition('paid', { type: 'failed', reason: 'late' })).toBeNull();
  });
});
