import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  machineActions,
  type OrderMachineState,
  type TransitionFacts,
  transition,
} from '@/modules/orders/order-machine.ts';
import type { OrderMachineEvent } from '@/modules/orders/order-ports.ts';

/** Every order starts unpaid and unfulfilled; checkout may already have chosen its methods. */
const initial = fc.record({
  paymentStatus: fc.constant('awaiting_payment' as const),
  fulfilmentStatus: fc.constant('unfulfilled' as const),
  paymentMethod: fc.constantFrom('online' as const, null),
  deliveryMethod: fc.constantFrom('seller' as const, 'pickup' as const, null),
});

const event: fc.Arbitrary<OrderMachineEvent> = fc.oneof(
  fc.constant({ type: 'pay_on_delivery_chosen' as const }),
  fc.record({
    type: fc.constant('payment_succeeded' as const),
    reference: fc.string(),
    paidKobo: fc.nat(),
  }),
  fc.constant({ type: 'ready_for_pickup' as const }),
  fc.record({ type: fc.constant('ship' as const), carrier: fc.constantFrom('GIG', 'Kwik') }),
  fc.constant({ type: 'in_transit' as const }),
  fc.constant({ type: 'delivered' as const }),
  fc.constant({ type: 'picked_up' as const }),
  fc.constant({ type: 'payment_collected' as const }),
  fc.record({ type: fc.constant('cancel' as const), reason: fc.constant('Buyer asked') }),
  fc.constant({ type: 'payment_window_closed' as const }),
  fc.record({ type: fc.constant('refunded' as const), amountKobo: fc.nat(), full: fc.boolean() }),
);

const step = fc.record({ event, facts: fc.record({ lateStockTaken: fc.boolean() }) });

type Step = { event: OrderMachineEvent; facts: TransitionFacts };

/** Runs a sequence, keeping every accepted transition beside the state it left. */
function run(start: OrderMachineState, steps: Step[]) {
  let state = start;
  const history: Array<{ before: OrderMachineState; step: Step; result: ReturnType<typeof transition> }> = [];
  for (const s of steps) {
    const result = transition(state, s.event, s.facts);
    history.push({ before: state, step: s, result });
    if (result.ok) state = result.state;
  }
  return { state, history };
}

const paidEnough = (s: OrderMachineState) =>
  s.paymentStatus === 'paid' ||
  s.paymentStatus === 'pay_on_delivery_collected' ||
  s.paymentStatus === 'refunded' ||
  s.paymentStatus === 'partially_refunded';

describe('the order machine, over random event sequences', () => {
  it('never reaches delivered or picked up unpaid, and pay on delivery is collected by then', () => {
    fc.assert(
      fc.property(initial, fc.array(step, { maxLength: 30 }), (start, steps) => {
        for (const { result } of run(start, steps).history) {
          if (!result.ok) continue;
          const { fulfilmentStatus } = result.state;
          if (fulfilmentStatus === 'delivered' || fulfilmentStatus === 'picked_up') {
            expect(paidEnough(result.state)).toBe(true);
          }
        }
      }),
    );
  });

  it('never ships, hands over or moves a cancelled order; only a late payment with stock reopens it', () => {
    fc.assert(
      fc.property(initial, fc.array(step, { maxLength: 30 }), (start, steps) => {
        for (const { before, step, result } of run(start, steps).history) {
          if (before.fulfilmentStatus !== 'cancelled' || !result.ok) continue;
          if (result.state.fulfilmentStatus === 'cancelled') continue;
          // The one way out: paid after the window closed, with every line's stock taken again.
          expect(step.event.type).toBe('payment_succeeded');
          expect(step.facts.lateStockTaken).toBe(true);
          expect(result.state).toMatchObject({ paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled' });
        }
      }),
    );
  });

  it('writes exactly one timeline entry per accepted transition, and a refused event changes nothing', () => {
    fc.assert(
      fc.property(initial, fc.array(step, { maxLength: 30 }), (start, steps) => {
        for (const { before, result } of run(start, steps).history) {
          if (result.ok) {
            expect(result.timeline.type).toMatch(/^[a-z_]+$/);
            expect(result.timeline.message.length).toBeGreaterThan(0);
          } else {
            expect(Object.keys(result)).toEqual(['ok', 'message']);
            expect(result.message.length).toBeGreaterThan(0);
          }
          // The input is never mutated, whatever the answer.
          expect(before).toEqual({ ...before });
        }
      }),
    );
  });

  it('ships only seller-delivered orders and hands over pickup orders only through ready for pickup', () => {
    fc.assert(
      fc.property(initial, fc.array(step, { maxLength: 30 }), (start, steps) => {
        for (const { before, result } of run(start, steps).history) {
          if (!result.ok) continue;
          const to = result.state.fulfilmentStatus;
          if (to === before.fulfilmentStatus) continue;
          if (to === 'shipped') expect(before.deliveryMethod).toBe('seller');
          if (to === 'ready_for_pickup') expect(before.deliveryMethod).toBe('pickup');
          if (to === 'picked_up') expect(before.fulfilmentStatus).toBe('ready_for_pickup');
          if (to === 'delivered') expect(['shipped', 'in_transit']).toContain(before.fulfilmentStatus);
        }
      }),
    );
  });

  it('refunds only money paid online, never moves the goods, and a full refund is final', () => {
    fc.assert(
      fc.property(initial, fc.array(step, { maxLength: 30 }), (start, steps) => {
        for (const { before, step, result } of run(start, steps).history) {
          if (before.paymentStatus === 'refunded' && result.ok) {
            // Nothing takes money into a fully refunded order again.
            expect(result.state.paymentStatus).toBe('refunded');
          }
          if (step.event.type !== 'refunded') continue;
          const paidOnline = before.paymentStatus === 'paid' || before.paymentStatus === 'partially_refunded';
          expect(result.ok).toBe(paidOnline);
          if (!result.ok) continue;
          expect(result.state.fulfilmentStatus).toBe(before.fulfilmentStatus);
          expect(result.state.paymentStatus).toBe(step.event.full ? 'refunded' : 'partially_refunded');
        }
      }),
    );
  });

  it('offers the seller exactly the actions the machine accepts', () => {
    fc.assert(
      fc.property(initial, fc.array(step, { maxLength: 20 }), (start, steps) => {
        const { state } = run(start, steps);
        const actions = machineActions(state);
        expect(actions.includes('ship')).toBe(transition(state, { type: 'ship', carrier: 'GIG' }).ok);
        expect(actions.includes('cancel')).toBe(transition(state, { type: 'cancel', reason: 'x' }).ok);
      }),
    );
  });
});
