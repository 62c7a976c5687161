import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyerAbilities,
  isOpenReturn,
  type ReturnMachineEvent,
  type ReturnMachineState,
  sellerActions,
  transition,
} from '@/modules/returns/return-machine.ts';

const start: ReturnMachineState = { status: 'requested', method: null };

const event: fc.Arbitrary<ReturnMachineEvent> = fc.oneof(
  fc.constant({ type: 'request_info' as const, message: 'Can you send a photo of the label?' }),
  fc.constant({ type: 'buyer_replied' as const }),
  fc.record({
    type: fc.constant('approve' as const),
    method: fc.constantFrom('pickup' as const, 'label' as const, 'drop_off' as const, 'keep_item' as const),
    automatic: fc.boolean(),
  }),
  fc.constant({ type: 'reject' as const, reason: 'Worn' }),
  fc.constant({ type: 'shipped_back' as const }),
  fc.constant({ type: 'mark_received' as const }),
  fc.record({
    type: fc.constant('refund' as const),
    amountKobo: fc.integer({ min: -5, max: 20_000 }),
    returnAmountKobo: fc.integer({ min: 1, max: 20_000 }),
    automatic: fc.boolean(),
  }),
  fc.constant({ type: 'withdraw' as const }),
  fc.constant({ type: 'ship_deadline_passed' as const }),
);

function run(events: ReturnMachineEvent[]) {
  let state = start;
  const history: Array<{
    before: ReturnMachineState;
    event: ReturnMachineEvent;
    result: ReturnType<typeof transition>;
  }> = [];
  for (const e of events) {
    const result = transition(state, e);
    history.push({ before: state, event: e, result });
    if (result.ok) state = result.state;
  }
  return { state, history };
}

const sequences = fc.array(event, { maxLength: 40 });

describe('the return machine, over random event sequences', () => {
  it('never leaves a final state (refunded, rejected, closed)', () => {
    fc.assert(
      fc.property(sequences, (events) => {
        for (const { before, result } of run(events).history) {
          if (!isOpenReturn(before.status)) expect(result.ok).toBe(false);
        }
      }),
    );
  });

  it('refunds at most once per return, a positive amount, and only after the item is back or kept', () => {
    fc.assert(
      fc.property(sequences, (events) => {
        let refunds = 0;
        for (const { before, event, result } of run(events).history) {
          if (!result.ok) continue;
          const money = result.effects.filter((e) => e.type === 'refund');
          refunds += money.length;
          for (const m of money) {
            expect(m.type === 'refund' && m.amountKobo > 0).toBe(true);
            const kept = before.status === 'approved' && before.method === 'keep_item';
            const automatic = event.type === 'refund' && event.automatic === true;
            expect(
              before.status === 'received' || kept || (automatic && before.status === 'in_transit'),
            ).toBe(true);
          }
        }
        expect(refunds).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('raises return_partial_refund exactly when less than the items cost is refunded', () => {
    fc.assert(
      fc.property(sequences, (events) => {
        for (const { event, result } of run(events).history) {
          if (!result.ok || event.type !== 'refund') continue;
          const partial = result.effects.some(
            (e) => e.type === 'notify' && e.notification === 'return_partial_refund',
          );
          expect(partial).toBe(event.amountKobo < event.returnAmountKobo);
        }
      }),
    );
  });

  it('tells how the item comes back when approving: a pickup or a label raises its own notification', () => {
    fc.assert(
      fc.property(sequences, (events) => {
        for (const { event, result } of run(events).history) {
          if (!result.ok || event.type !== 'approve') continue;
          const types = result.effects.flatMap((e) => (e.type === 'notify' ? [e.notification] : []));
          expect(types).toContain('return_approved');
          expect(types.includes('return_pickup_arranged')).toBe(event.method === 'pickup');
          expect(types.includes('return_label_created')).toBe(event.method === 'label');
        }
      }),
    );
  });

  it('always leaves a deadline for whoever must act, and none once the return is over', () => {
    fc.assert(
      fc.property(sequences, (events) => {
        for (const { result } of run(events).history) {
          if (!result.ok) continue;
          const deadline = result.effects.find((e) => e.type === 'deadline');
          if (!isOpenReturn(result.state.status)) {
            expect(deadline).toEqual({ type: 'deadline', deadline: null });
          }
          if (result.state.status === 'in_transit') {
            expect(deadline).toMatchObject({ deadline: { kind: 'seller_receipt' } });
          }
          if (result.state.status === 'approved' && result.state.method !== 'keep_item') {
            expect(deadline).toMatchObject({ deadline: { kind: 'buyer_ship' } });
          }
        }
      }),
    );
  });

  it('offers the seller exactly the actions the machine accepts, and the buyer only open returns to answer', () => {
    fc.assert(
      fc.property(sequences, (events) => {
        const { state } = run(events);
        for (const action of sellerActions(state))
          expect(['request_info', 'approve', 'reject', 'mark_received', 'refund']).toContain(action);
        expect(sellerActions(state).includes('approve')).toBe(
          transition(state, { type: 'approve', method: 'pickup' }).ok,
        );
        const buyer = buyerAbilities(state);
        expect(buyer.canReply).toBe(isOpenReturn(state.status));
        if (buyer.canShipBack) expect(state.status).toBe('approved');
      }),
    );
  });

  it('writes one timeline entry per accepted step, and a refused step says why and has no effects', () => {
    fc.assert(
      fc.property(sequences, (events) => {
        for (const { before, event, result } of run(events).history) {
          const copy = structuredClone(before);
          const again = transition(before, event);
          expect(before).toEqual(copy);
          expect(again).toEqual(result);
          if (result.ok) expect(result.timeline.message.length).toBeGreaterThan(0);
          else expect(result.message.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('the return machine, step by step', () => {
  it('goes requested → info needed → requested → approved → in transit → received → refunded', () => {
    const steps: ReturnMachineEvent[] = [
      { type: 'request_info', message: 'Photo of the box?' },
      { type: 'buyer_replied' },
      { type: 'approve', method: 'pickup' },
      { type: 'shipped_back' },
      { type: 'mark_received' },
      { type: 'refund', amountKobo: 5_000_00, returnAmountKobo: 8_000_00 },
    ];
    const { state, history } = run(steps);
    expect(history.every((h) => h.result.ok)).toBe(true);
    expect(state.status).toBe('refunded');
  });

  it('refuses a refund before the item is back, naming why', () => {
    const approved = transition(start, { type: 'approve', method: 'drop_off' });
    if (!approved.ok) throw new Error('approve refused');
    expect(transition(approved.state, { type: 'refund', amountKobo: 100, returnAmountKobo: 100 })).toEqual({
      ok: false,
      message: 'Mark the item received before refunding',
    });
  });

  it('lets the automatic approval act only on a request the seller left unanswered', () => {
    const asked = transition(start, { type: 'request_info', message: '?' });
    if (!asked.ok) throw new Error('request_info refused');
    expect(transition(asked.state, { type: 'approve', method: 'drop_off', automatic: true }).ok).toBe(false);
    expect(transition(start, { type: 'approve', method: 'drop_off', automatic: true }).ok).toBe(true);
  });
});
