// size: the Returns Center's API journeys: the whole flow, eligibility, photos and the seller's own returns, each asserting what a buyer or seller notices
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, orders, refunds, returnPhotos } from '@/db/schema/index.ts';
import { UNATTACHED_PHOTO_TTL_MS } from '@/modules/returns/returns.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { expectCachesMatchEntries, unbalancedTransactions } from '@/test/ledger.ts';
import { EXE } from '@/test/onboarding.ts';
import { deliveredOrder, expectOk, requestReturn, sellerAct, uploadReturnPhoto } from '@/test/returns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const noticesOf = async (sellerId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.sellerId, sellerId))).map((n) => ({
    type: n.type,
    message: n.message,
  }));

describe('a return from request to partial refund', () => {
  it('runs the whole flow with photos, a question, pickup, receipt and a partial refund the ledger reverses', async () => {
    const f = await deliveredOrder(t);
    const photo = await uploadReturnPhoto(t, f.buyer.auth);
    expectOk(photo, 201);
    const photoId = photo.json().photo._id as string;

    const options = await t.app.inject({
      method: 'GET',
      url: `/api/buyer/orders/${f.order.id}/return-options`,
      headers: f.buyer.auth,
    });
    expectOk(options);
    expect(options.json()).toMatchObject({
      eligible: true,
      reasons: ['damaged', 'wrong_item', 'not_as_described'],
      openReturnId: null,
    });

    const requested = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 2 }],
      reason: 'damaged',
      note: 'Both gowns arrived torn at the seam',
      photoIds: [photoId],
    });
    expectOk(requested, 201);
    const ret = requested.json().return;
    expect(ret).toMatchObject({
      status: 'requested',
      amount: 30_000,
      canWithdraw: true,
      canShipBack: false,
      note: 'Both gowns arrived torn at the seam',
    });
    expect(ret.number).toMatch(/^RTN-\d{6}$/);
    // Thursday 09:00 in the fake clock: two business days is Monday.
    expect(ret.deadline.label).toMatch(
      /^The seller answers by Mon, 19 Jan, 10:00, or the return is approved automatically$/,
    );

    // The buyer sees the photo through the link they were given; a tampered link shows nothing.
    const url = ret.photos[0].url as string;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/signature=./, 'signature=x') })).statusCode,
    ).toBe(404);

    // The seller's list: the Requested tab counts it, and search finds it by product or number.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/returns?tab=requested&search=ankara',
      headers: f.seller.auth,
    });
    expectOk(list);
    expect(list.json().counts).toMatchObject({ requested: 1, in_progress: 0, all: 1 });
    expect(list.json().returns[0]).toMatchObject({
      number: ret.number,
      buyer: { name: 'Chidi Okafor' },
      itemCount: 2,
    });
    const byNumber = await t.app.inject({
      method: 'GET',
      url: `/api/returns?tab=all&search=KSW-${f.order.number}`,
      headers: f.seller.auth,
    });
    expect(byNumber.json().returns).toHaveLength(1);

    const asked = await sellerAct(t, f.seller.auth, ret._id, {
      action: 'request_info',
      message: 'Is the tear on the seam or the fabric?',
    });
    expectOk(asked);
    expect(asked.json().return).toMatchObject({ status: 'info_needed', deadline: null });

    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/buyer/returns/${ret._id}/messages`,
      headers: f.buyer.auth,
      payload: { message: 'On the seam, see the photo', photoIds: [] },
    });
    expectOk(answered);
    expect(answered.json().return.status).toBe('requested');

    const approved = await sellerAct(t, f.seller.auth, ret._id, {
      action: 'approve',
      method: 'pickup',
      carrier: 'GIG Logistics',
    });
    expectOk(approved);
    expect(approved.json().return).toMatchObject({
      status: 'approved',
      method: 'pickup',
      carrier: 'GIG Logistics',
    });
    expect(approved.json().return.deadline.label).toMatch(/^The buyer sends the item back by/);

    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/buyer/returns/${ret._id}/shipped`,
      headers: f.buyer.auth,
      payload: { trackingNumber: 'GIG-123' },
    });
    expectOk(shipped);
    expect(shipped.json().return).toMatchObject({
      status: 'in_transit',
      trackingNumber: 'GIG-123',
      canWithdraw: false,
    });

    expectOk(await sellerAct(t, f.seller.auth, ret._id, { action: 'mark_received' }));
    const refunded = await sellerAct(t, f.seller.auth, ret._id, { action: 'refund', amount: 20_000 });
    expectOk(refunded);
    expect(refunded.json()).toMatchObject({
      message: '₦20,000.00 refunded to the buyer',
      return: { status: 'refunded', refunded: 20_000, refundable: 0, allowedActions: [] },
    });

    // The ledger reversed ₦20,000 of the sale and the order says so.
    const reversal = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, f.order.id), eq(ledgerEntries.kind, 'refund')));
    // Taken from the seller's money (pending here; the refunds account keeps the running total).
    const fromSellersMoney = reversal.filter((e) => ['pending', 'available', 'owed'].includes(e.account));
    expect(fromSellersMoney.reduce((s, e) => s + e.amountKobo, 0)).toBe(-20_000_00);
    expect(reversal.filter((e) => e.account === 'refunds').reduce((s, e) => s + e.amountKobo, 0)).toBe(
      20_000_00,
    );
    expect(await t.app.ledger.port.refundableKobo(t.db, f.order.id)).toBe(f.order.totalKobo - 20_000_00);
    expect(await unbalancedTransactions(t.db)).toEqual([]);
    await expectCachesMatchEntries(t.db, f.seller.seller.id);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, f.order.id));
    expect(order?.paymentStatus).toBe('partially_refunded');

    // The local provider pays it back once the job runs.
    await t.jobs.runDue();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, f.order.id));
    expect(refund).toMatchObject({ status: 'processed', amountKobo: 20_000_00, returnId: ret._id });

    const notices = await noticesOf(f.seller.seller.id);
    expect(notices.map((n) => n.type)).toEqual(
      expect.arrayContaining([
        'return_request',
        'return_info_needed',
        'return_approved',
        'return_pickup_arranged',
        'return_partial_refund',
      ]),
    );
    expect(notices.find((n) => n.type === 'return_partial_refund')?.message).toContain(ret.number);
    expect(notices.find((n) => n.type === 'return_partial_refund')?.message).toContain(
      `KSW-${f.order.number}`,
    );

    // The buyer was e-mailed at each step, with a link to the return's page.
    const mails = t.mailer.sent.filter((m) => m.to === f.buyer.buyer.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('was sent to'),
        expect.stringContaining('has a question'),
        expect.stringContaining('is approved'),
        expect.stringContaining('partly refunded'),
      ]),
    );
    expect(mails.every((m) => m.text.includes(`/my-returns/${ret._id}`))).toBe(true);

    // The thread shows every step, the photo on the request.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/returns/${ret._id}`,
      headers: f.seller.auth,
    });
    const types = detail.json().return.timeline.map((e: { type: string }) => e.type);
    expect(types).toEqual([
      'requested',
      'info_requested',
      'message',
      'info_provided',
      'approved',
      'shipped_back',
      'received',
      'refunded',
    ]);
    expect(detail.json().return.timeline[0].photos).toHaveLength(1);
  });

  it('raises return_label_created and return_rejected with the reason the buyer sees', async () => {
    const f = await deliveredOrder(t);
    const first = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Aso Oke Cap'), quantity: 1 }],
      reason: 'wrong_item',
    });
    expectOk(first, 201);
    const rejected = await sellerAct(t, f.seller.auth, first.json().return._id, {
      action: 'reject',
      reason: 'The cap in the photo is not one we sell',
    });
    expectOk(rejected);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/buyer/returns/${first.json().return._id}`,
      headers: f.buyer.auth,
    });
    expect(seen.json().return).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The cap in the photo is not one we sell',
      canReply: false,
    });

    const second = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Aso Oke Cap'), quantity: 1 }],
      reason: 'wrong_item',
    });
    expectOk(second, 201);
    expectOk(
      await sellerAct(t, f.seller.auth, second.json().return._id, {
        action: 'approve',
        method: 'label',
        labelUrl: 'https://labels.example.ng/abc.pdf',
      }),
    );
    const types = (await noticesOf(f.seller.seller.id)).map((n) => n.type);
    expect(types).toEqual(
      expect.arrayContaining(['return_rejected', 'return_label_created', 'return_approved']),
    );
    expect(types).not.toContain('return_pickup_arranged');
  });

  it('lets the seller open a return on the buyer\u2019s behalf (return_created), even after the window', async () => {
    const f = await deliveredOrder(t, { deliveredDaysAgo: 20 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${f.order.id}/returns`,
      headers: f.seller.auth,
      payload: { lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }], reason: 'damaged' },
    });
    expectOk(res, 201);
    expect(res.json().return).toMatchObject({ status: 'requested', amount: 15_000 });
    expect((await noticesOf(f.seller.seller.id)).map((n) => n.type)).toContain('return_created');
  });
});

describe('who may return what', () => {
  it('refuses orders not yet delivered, paid in cash, or past the window (409), saying why', async () => {
    const notDelivered = await deliveredOrder(t, { fulfilment: 'shipped' });
    const cash = await deliveredOrder(t, { method: 'pay_on_delivery' });
    const late = await deliveredOrder(t, { deliveredDaysAgo: 8 });
    for (const [f, words] of [
      [notDelivered, 'once the order has been delivered'],
      [cash, 'paid in cash on delivery'],
      [late, 'The return window closed'],
    ] as const) {
      const res = await requestReturn(t, f.buyer.auth, {
        orderId: f.order.id,
        lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }],
        reason: 'damaged',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain(words);
      const options = await t.app.inject({
        method: 'GET',
        url: `/api/buyer/orders/${f.order.id}/return-options`,
        headers: f.buyer.auth,
      });
      expect(options.json()).toMatchObject({ eligible: false });
      expect(options.json().reason).toContain(words);
    }
  });

  it("accepts a change of mind only under a custom policy, and within that policy's window", async () => {
    const kasuwa = await deliveredOrder(t);
    const refused = await requestReturn(t, kasuwa.buyer.auth, {
      orderId: kasuwa.order.id,
      lines: [{ orderLineId: kasuwa.line('Aso Oke Cap'), quantity: 1 }],
      reason: 'changed_mind',
    });
    expect(refused.statusCode).toBe(400);

    const custom = await deliveredOrder(t, {
      policy: { shippingMethod: 'seller', returnsAndExchangePolicy: 'custom', returnWindowDays: 14 },
      deliveredDaysAgo: 10,
    });
    const ok = await requestReturn(t, custom.buyer.auth, {
      orderId: custom.order.id,
      lines: [{ orderLineId: custom.line('Aso Oke Cap'), quantity: 1 }],
      reason: 'changed_mind',
    });
    expectOk(ok, 201);
  });

  it('refuses more than was ordered less what is already returned (400), and a second open return (409)', async () => {
    const f = await deliveredOrder(t);
    const tooMany = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 3 }],
      reason: 'damaged',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 2 of Ankara Gown');

    const first = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }],
      reason: 'damaged',
    });
    expectOk(first, 201);
    const second = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Aso Oke Cap'), quantity: 1 }],
      reason: 'damaged',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('A return is already open for this order');

    // Withdrawn, the order can be returned again; a refunded return's units stay counted.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/buyer/returns/${first.json().return._id}/withdraw`,
      headers: f.buyer.auth,
    });
    expectOk(withdrawn);
    expect(withdrawn.json().return.status).toBe('closed');
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/buyer/orders/${f.order.id}/return-options`,
      headers: f.buyer.auth,
    });
    expect(options.json().eligible).toBe(true);
    expect(
      options.json().lines.find((l: { name: string }) => l.name === 'Ankara Gown').returnableQuantity,
    ).toBe(2);
  });

  it("refuses another buyer's photos and a photo that is not an image (400)", async () => {
    const f = await deliveredOrder(t);
    const other = await deliveredOrder(t);
    const notImage = await uploadReturnPhoto(t, f.buyer.auth, EXE);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toContain('must be an image');

    const theirs = await uploadReturnPhoto(t, other.buyer.auth);
    expectOk(theirs, 201);
    const res = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }],
      reason: 'damaged',
      photoIds: [theirs.json().photo._id],
    });
    expect(res.statusCode).toBe(400);
    // Nothing was half-written: the order still has no return.
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/buyer/orders/${f.order.id}/return-options`,
      headers: f.buyer.auth,
    });
    expect(options.json().openReturnId).toBeNull();
  });

  it('forgets a photo no request took within a day (file and row), and keeps one a request took', async () => {
    const f = await deliveredOrder(t);
    const left = await uploadReturnPhoto(t, f.buyer.auth);
    const sent = await uploadReturnPhoto(t, f.buyer.auth);
    expectOk(left, 201);
    expectOk(sent, 201);
    expectOk(
      await requestReturn(t, f.buyer.auth, {
        orderId: f.order.id,
        lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }],
        reason: 'damaged',
        photoIds: [sent.json().photo._id],
      }),
      201,
    );
    const keyOf = async (id: string) =>
      (await t.db.select().from(returnPhotos).where(eq(returnPhotos.id, id)))[0]?.storageKey ?? null;
    const leftKey = await keyOf(left.json().photo._id);
    const sentKey = await keyOf(sent.json().photo._id);
    expect(leftKey && (await t.storage.exists(leftKey))).toBe(true);

    // Not before its day is up: the buyer may come back to the form.
    t.clock.advance(UNATTACHED_PHOTO_TTL_MS - 60_000);
    await t.jobs.runDue();
    expect(await keyOf(left.json().photo._id)).toBe(leftKey);

    t.clock.advance(2 * 60_000);
    await t.jobs.runDue();
    expect(await keyOf(left.json().photo._id)).toBeNull();
    expect(await t.storage.exists(leftKey as string)).toBe(false);
    // The photo the request took stays, with its file, and its link still opens.
    expect(await keyOf(sent.json().photo._id)).toBe(sentKey);
    expect(await t.storage.exists(sentKey as string)).toBe(true);
    // A late attempt to send the forgotten photo is refused as any unknown photo is.
    const late = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }],
      reason: 'damaged',
      photoIds: [left.json().photo._id],
    });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.statusCode).toBeLessThan(500);
  });

  it('refuses a refund before the item is back, and one above what was paid', async () => {
    const f = await deliveredOrder(t);
    const req = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }],
      reason: 'damaged',
    });
    const id = req.json().return._id;
    expectOk(await sellerAct(t, f.seller.auth, id, { action: 'approve', method: 'keep_item' }));
    const tooMuch = await sellerAct(t, f.seller.auth, id, { action: 'refund', amount: 40_000 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('At most ₦35,000.00');
    const full = await sellerAct(t, f.seller.auth, id, { action: 'refund', amount: 15_000 });
    expectOk(full);
    expect((await noticesOf(f.seller.seller.id)).map((n) => n.type)).not.toContain('return_partial_refund');
  });
});
