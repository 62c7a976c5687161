import { describe, expect, it } from 'vitest';
import { machineActions, type OrderMachineState, transition } from '@/modules/orders/order-machine.ts';

const unpaid = (over: Partial<OrderMachineState> = {}): OrderMachineState => ({
  paymentStatus: 'awaiting_payment',
  fulfilmentStatus: 'unfulfilled',
  paymentMethod: 'online',
  deliveryMethod: 'seller',
  ...over,
});
const paid = (over: Partial<OrderMachineState> = {}) => unpaid({ paymentStatus: 'paid', ...over });
const pay = { type: 'payment_succeeded' as const, reference: 'r1', paidKobo: 100 };

describe('the order machine', () => {
  it('takes an online payment, stops the payment window and starts the ship reminder', () => {
    const r = transition(unpaid(), pay);
    expect(r).toMatchObject({
      ok: true,
      state: { paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled' },
      timeline: { type: 'paid' },
    });
    if (!r.ok) return;
    expect(r.effects).toEqual(
      expect.arrayContaining([
        { type: 'removeJob', job: 'payment-window' },
        { type: 'addJob', job: 'ship-reminder', businessDays: 2 },
        { type: 'notify', notification: 'order_paid' },
      ]),
    );
  });

  it('ships a paid order, then in transit, then delivered (or straight to delivered)', () => {
    const shipped = transition(paid(), { type: 'ship', carrier: 'GIG', trackingNumber: 'T1' });
    expect(shipped).toMatchObject({ ok: true, timeline: { message: 'Shipped with GIG, tracking T1' } });
    if (!shipped.ok) return;
    const moving = transition(shipped.state, { type: 'in_transit' });
    expect(moving).toMatchObject({ ok: true, state: { fulfilmentStatus: 'in_transit' } });
    if (!moving.ok) return;
    expect(transition(moving.state, { type: 'delivered' })).toMatchObject({
      ok: true,
      state: { fulfilmentStatus: 'delivered' },
    });
    expect(transition(shipped.state, { type: 'delivered' })).toMatchObject({ ok: true });
  });

  it('refuses to ship an unpaid online order or a pickup order', () => {
    expect(transition(unpaid(), { type: 'ship', carrier: 'GIG' })).toEqual({
      ok: false,
      message: 'The order is not paid yet',
    });
    expect(transition(paid({ deliveryMethod: 'pickup' }), { type: 'ship', carrier: 'GIG' })).toEqual({
      ok: false,
      message: 'This order is for store pickup',
    });
  });

  it('collects a pay-on-delivery payment when the order is delivered or picked up', () => {
    const pod = unpaid({ paymentStatus: 'pay_on_delivery_pending', paymentMethod: 'pay_on_delivery' });
    const shipped = transition(pod, { type: 'ship', carrier: 'GIG' });
    if (!shipped.ok) throw new Error(shipped.message);
    expect(transition(shipped.state, { type: 'delivered' })).toMatchObject({
      ok: true,
      state: { fulfilmentStatus: 'delivered', paymentStatus: 'pay_on_delivery_collected' },
      timeline: { message: 'Delivered and paid on delivery' },
    });
    const ready = transition({ ...pod, deliveryMethod: 'pickup' }, { type: 'ready_for_pickup' });
    if (!ready.ok) throw new Error(ready.message);
    expect(transition(ready.state, { type: 'picked_up' })).toMatchObject({
      ok: true,
      state: { fulfilmentStatus: 'picked_up', paymentStatus: 'pay_on_delivery_collected' },
    });
  });

  it('cancels before shipping, releasing stock; a paid order cancelled records a refund due', () => {
    const r = transition(paid(), { type: 'cancel', reason: 'Out of stock' });
    expect(r).toMatchObject({ ok: true, state: { fulfilmentStatus: 'cancelled', paymentStatus: 'paid' } });
    if (!r.ok) return;
    expect(r.effects).toEqual(
      expect.arrayContaining([
        { type: 'releaseStock' },
        { type: 'refundDue', reason: 'cancelled_after_payment' },
        { type: 'notify', notification: 'order_cancelled' },
      ]),
    );
    expect(transition(paid({ fulfilmentStatus: 'shipped' }), { type: 'cancel', reason: 'x' })).toEqual({
      ok: false,
      message: 'A shipped order cannot be cancelled',
    });
  });

  it('expires only an unpaid online order', () => {
    expect(transition(unpaid({ paymentMethod: null }), { type: 'payment_window_closed' })).toMatchObject({
      ok: true,
      state: { fulfilmentStatus: 'cancelled' },
      timeline: { type: 'expired' },
    });
    expect(transition(paid(), { type: 'payment_window_closed' }).ok).toBe(false);
    const pod = unpaid({ paymentStatus: 'pay_on_delivery_pending', paymentMethod: 'pay_on_delivery' });
    expect(transition(pod, { type: 'payment_window_closed' }).ok).toBe(false);
  });

  it('reopens a late-paid order when its stock was taken again, else records the refund due', () => {
    const expired = unpaid({ fulfilmentStatus: 'cancelled' });
    expect(transition(expired, pay, { lateStockTaken: true })).toMatchObject({
      ok: true,
      state: { paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled' },
      timeline: { type: 'reopened' },
    });
    const gone = transition(expired, pay, { lateStockTaken: false });
    expect(gone).toMatchObject({
      ok: true,
      state: { paymentStatus: 'paid', fulfilmentStatus: 'cancelled' },
      timeline: { type: 'refund_due' },
    });
    if (gone.ok) expect(gone.effects).toContainEqual({ type: 'refundDue', reason: 'paid_after_cancel' });
  });

  it('records a second payment of a paid order as a refund due and changes nothing else', () => {
    const r = transition(paid(), pay);
    expect(r).toMatchObject({ ok: true, state: paid(), timeline: { type: 'refund_due' } });
  });

  it('lists the seller actions of each state', () => {
    expect(machineActions(unpaid())).toEqual(['cancel']);
    expect(machineActions(paid())).toEqual(['ship', 'cancel']);
    expect(machineActions(paid({ deliveryMethod: 'pickup' }))).toEqual(['ready_for_pickup', 'cancel']);
    expect(machineActions(paid({ fulfilmentStatus: 'shipped' }))).toEqual(['in_transit', 'delivered']);
    expect(
      machineActions(
        unpaid({
          paymentStatus: 'pay_on_delivery_pending',
          paymentMethod: 'pay_on_delivery',
          fulfilmentStatus: 'in_transit',
        }),
      ),
    ).toEqual(['delivered', 'collect_payment']);
    expect(machineActions(paid({ fulfilmentStatus: 'cancelled' }))).toEqual([]);
  });
});
