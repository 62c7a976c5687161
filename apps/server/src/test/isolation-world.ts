import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  inboxItems,
  notifications,
  orderLines,
  orders,
  returns,
  sellerDocuments,
} from '@/db/schema/index.ts';
import { BUYER_AUDIENCE, SESSION_TTL_SECONDS, tokenService } from '@/lib/tokens.ts';
import { blipCalls, video, videoFixture } from '@/test/blips.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { auctionWin } from '@/test/checkout.ts';
import { createShow } from '@/test/live.ts';
import { multipartForm } from '@/test/multipart.ts';
import { PDF, png } from '@/test/onboarding.ts';
import { sellerWithToken } from '@/test/sellers.ts';

type Auth = { authorization: string };

/**
 * Seller A's world, made through the real API where it can be: what the isolation matrix
 * (route-table.ts) points intruders at. Private things are the ones nobody but A (or buyer A, for
 * the order) may read or change; public ones exist so a route that legitimately shows them can be
 * told from one that leaks. A new owned thing (a return, a payout) is one more field here.
 */
export type World = {
  a: {
    id: string;
    auth: Auth;
    email: string;
    draftProductId: string;
    draftPhotoUrl: string;
    activeProductId: string;
    draftBlipId: string;
    /** The draft blip's video, as its path below /api/media/blips/. */
    draftBlipVideo: string;
    activeBlipId: string;
    /** A buyer's comment on the active blip. */
    commentId: string;
    streamId: string;
    notificationId: string;
    documentId: string;
    /** Buyer A's order at A (the same as buyerA.orderId), placed in A's show. */
    orderId: string;
    /** Buyer A's id, which is A's customer id for them. */
    customerId: string;
    /** A line of that order, and buyer A's return of it (issue 15), open. */
    orderLineId: string;
    returnId: string;
    /** A's coupon (issue 16), for the whole store. */
    couponId: string;
    /** The secret of A's catalogue feed (issue 17), from A's Connect screen. */
    catalogueToken: string;
    /** A's support ticket (issue 17). */
    supportTicketId: string;
    supportTicketReference: string;
    /** issue 16: buyer A's conversation with A, with one message, and A's quick reply. */
    conversationId: string;
    quickReplyId: string;
    /** issue 16: A's scheduled inbox campaign. */
    campaignId: string;
    /** A's public store link (Settings), which the public store page answers. */
    storeSlug: string;
    /** issue 21: a giveaway of A's show, not started. */
    giveawayId: string;
    /** issue 20: A's resumable (tus) photo upload, not finished. */
    resumableUploadId: string;
  };
  b: { id: string; auth: Auth };
  /** Buyer A has an order (an unpaid auction win) at seller A. */
  buyerA: { id: string; auth: Auth; email: string; orderId: string /** issue 16 */; updateId: string };
  buyerB: { auth: Auth };
  /** Tokens naming seller A and buyer A, signed with a secret that is not the server's. */
  forged: { sellerA: Auth; buyerA: Auth };
  admin: Auth;
  /** Strings only A and buyer A may ever see in an answer: ids of private things, e-mails. */
  secrets: string[];
};

const FORGER_SECRET = 'not-the-server-secret-but-just-as-long-0123456789';

const expectStatus = (res: { statusCode: number; body: string }, status: number) =>
  expect(res.statusCode, res.body).toBe(status);

export async function buildWorld(t: TestApp): Promise<World> {
  const a = await sellerWithToken(t, { accountType: 'individual' });
  const b = await sellerWithToken(t);
  const buyerA = await buyerWithToken(t, 'Ada Buyer');
  const buyerB = await buyerWithToken(t, 'Bayo Buyer');
  const calls = blipCalls(() => t);

  const form = multipartForm([{ field: 'image', filename: 'a.png', content: await png() }]);
  const photo = await t.app.inject({
    method: 'POST',
    url: '/api/products/images',
    payload: form.payload,
    headers: { ...form.headers, ...a.auth },
  });
  expectStatus(photo, 201);
  const draftPhotoUrl = photo.json().image.url as string;
  const draftProductId = (await calls.product(a.auth, { status: 'draft', images: [draftPhotoUrl] }))._id;
  const resumable = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/tus',
    headers: {
      ...a.auth,
      'tus-resumable': '1.0.0',
      'upload-length': '2048',
      'upload-metadata': `kind ${Buffer.from('product-photo').toString('base64')}`,
    },
  });
  expectStatus(resumable, 201);
  const resumableUploadId = String(resumable.headers.location).split('/').pop() ?? '';
  const activeProductId = (await calls.product(a.auth))._id;
  const webm = await videoFixture('blip.webm');
  const draftBlip = await calls.uploadOk(a.auth, draftProductId, [video(webm)]);
  const draftBlipId = draftBlip._id;
  const draftBlipVideo = draftBlip.videoUrl.replace('/api/media/blips/', '');
  const activeBlipId = (await calls.uploadOk(a.auth, activeProductId, [video(webm)]))._id;

  const comment = await t.app.inject({
    method: 'POST',
    url: `/api/blips/${activeBlipId}/comments`,
    headers: buyerA.auth,
    payload: { comment: 'Is it available in blue?' },
  });
  expectStatus(comment, 201);
  const [notice] = await t.db.select().from(notifications).where(eq(notifications.sellerId, a.seller.id));
  if (!notice) throw new Error('the comment made no notification');

  const docs = multipartForm(
    ['individualTaxId', 'governmentId', 'proofOfAddress'].map((field) => ({
      field,
      filename: 'doc.pdf',
      content: PDF,
    })),
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/seller/verification/individual',
    payload: docs.payload,
    headers: { ...docs.headers, ...a.auth },
  });
  expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
  const [doc] = await t.db.select().from(sellerDocuments).where(eq(sellerDocuments.sellerId, a.seller.id));
  if (!doc) throw new Error('no document stored');

  const stream = await createShow(t.app, t, a.auth, [activeProductId]);
  const orderId = await auctionWin(t, a.seller.id, buyerA.buyer.id);
  // Won in A's show, so the show's packing list and the customer's shows have something of A's.
  await t.db.update(orders).set({ streamId: stream._id }).where(eq(orders.id, orderId));
  // issue 21: a giveaway of A's show.
  const giveaway = await t.app.inject({
    method: 'POST',
    url: `/api/streams/${stream._id}/giveaways`,
    headers: a.auth,
    payload: { productId: activeProductId },
  });
  expect(giveaway.statusCode, giveaway.body).toBe(200);
  const delivery = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/delivery',
    headers: a.auth,
    payload: {
      shipping: { enabled: true, fees: [{ state: 'Lagos', fee: 2500 }] },
      pickup: { enabled: false },
      payOnDelivery: { enabled: true, cap: 50_000 },
      lowStockThreshold: 3,
      paymentWindowHours: 24,
    },
  });
  expectStatus(delivery, 200);

  const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  if (!line) throw new Error('the order has no line');
  const [ret] = await t.db
    .insert(returns)
    .values({
      sellerId: a.seller.id,
      buyerId: buyerA.buyer.id,
      orderId,
      reason: 'damaged',
      openedBy: 'buyer',
      amountKobo: line.unitPriceKobo,
      note: 'Arrived torn',
    })
    .returning();
  if (!ret) throw new Error('no return inserted');
  const coupon = await t.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: a.auth,
    payload: {
      code: 'ASECRET10',
      kind: 'percentage',
      percentOff: 10,
      amountOff: null,
      minOrder: null,
      maxDiscount: null,
      usageLimit: null,
      perBuyerLimit: null,
      startsAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      endsAt: null,
      scope: 'store',
      productIds: [],
      streamId: null,
    },
  });
  expectStatus(coupon, 201);

  // issue 17: A's catalogue feed address, as A's Connect screen shows it.
  const connect = await t.app.inject({ method: 'GET', url: '/api/connect', headers: a.auth });
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: a.auth,
    payload: {
      topic: 'payouts',
      subject: 'Payout question',
      message: 'When does my payout arrive in my bank?',
    },
  });
  const catalogueToken =
    /\/catalogue\/([A-Za-z0-9_-]+)\.csv$/.exec(connect.json().catalogueFeedUrl)?.[1] ?? '';
  const storeSlug = `store-a-${a.seller.id.slice(0, 8)}`;
  await t.db.execute(sql`UPDATE sellers SET store_slug = ${storeSlug} WHERE id = ${a.seller.id}`);

  // issue 16: messages — buyer A writes to A; A keeps a quick reply.
  const conversation = await t.app.inject({
    method: 'POST',
    url: '/api/buyer/conversations',
    headers: buyerA.auth,
    payload: { sellerId: a.seller.id },
  });
  expectStatus(conversation, 200);
  const conversationId: string = conversation.json().conversation._id;
  expectStatus(
    await t.app.inject({
      method: 'POST',
      url: `/api/buyer/conversations/${conversationId}/messages`,
      headers: buyerA.auth,
      payload: { kind: 'text', body: 'Is it still available?' },
    }),
    201,
  );
  const quickReply = await t.app.inject({
    method: 'POST',
    url: '/api/quick-replies',
    headers: a.auth,
    payload: { title: 'Account', body: 'Pay on Kasuwa only, please.' },
  });
  expectStatus(quickReply, 201);

  // issue 16: a campaign of A's, scheduled, and an item in buyer A's Updates inbox.
  const scheduled = await t.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: a.auth,
    payload: {
      title: 'Private campaign',
      message: 'Only A may see this',
      audience: { kind: 'followers' },
      scheduledAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    },
  });
  expectStatus(scheduled, 201);
  const campaignId = scheduled.json().campaign._id as string;
  const [update] = await t.db
    .insert(inboxItems)
    .values({
      buyerId: buyerA.buyer.id,
      sellerId: a.seller.id,
      kind: 'payment_reminder',
      dedupeKey: `order:${orderId}:payment-reminder:half`,
      title: 'Pay for your order',
      message: 'Pay soon',
    })
    .returning();
  if (!update) throw new Error('no inbox item inserted');

  const world: World = {
    a: {
      id: a.seller.id,
      auth: a.auth,
      email: a.seller.email,
      draftProductId,
      draftPhotoUrl,
      activeProductId,
      draftBlipId,
      draftBlipVideo,
      activeBlipId,
      commentId: comment.json().comment._id,
      streamId: stream._id,
      notificationId: notice.id,
      documentId: doc.id,
      orderId,
      customerId: buyerA.buyer.id,
      orderLineId: line.id,
      returnId: ret.id,
      couponId: coupon.json().coupon._id,
      catalogueToken,
      supportTicketId: ticket.json().ticket.id,
      supportTicketReference: ticket.json().ticket.reference,
      conversationId,
      quickReplyId: quickReply.json().quickReply._id,
      campaignId,
      storeSlug,
      giveawayId: giveaway.json().giveaway.id,
      resumableUploadId,
    },
    b: { id: b.seller.id, auth: b.auth },
    buyerA: {
      id: buyerA.buyer.id,
      auth: buyerA.auth,
      email: buyerA.buyer.email,
      orderId,
      updateId: update.id,
    },
    buyerB: { auth: buyerB.auth },
    forged: {
      sellerA: { authorization: `Bearer ${await tokenService(FORGER_SECRET, t.clock).sign(a.seller)}` },
      buyerA: {
        authorization: `Bearer ${await tokenService(FORGER_SECRET, t.clock, SESSION_TTL_SECONDS, BUYER_AUDIENCE).sign(buyerA.buyer)}`,
      },
    },
    admin: { authorization: `Bearer ${t.adminToken}` },
    secrets: [],
  };
  world.secrets = [
    world.a.couponId,
    resumableUploadId,
    draftProductId,
    draftPhotoUrl.split('/').pop() ?? draftPhotoUrl,
    draftBlipId,
    draftBlipVideo.split('/').pop() ?? draftBlipVideo,
    notice.id,
    doc.id,
    orderId,
    ret.id,
    ticket.json().ticket.id,
    catalogueToken,
    conversationId,
    campaignId,
    update.id,
    a.seller.email,
    buyerA.buyer.email,
  ];
  // issue 15: ledger — A has money on that order, so B's earnings reads would show its id if they leaked.
  await t.db.transaction((q) =>
    t.app.ledger.port.orderPaid(q, {
      orderId,
      sellerId: a.seller.id,
      amountKobo: 2_000_000,
      paymentReference: 'isolation-world',
      at: t.clock.now(),
    }),
  );
  return world;
}

/**
 * A fingerprint of every row of every table: an intruder's refused call must change nothing at
 * all, which is stronger than comparing A's rows alone and needs no list of A's tables.
 */
export async function databaseSnapshot(t: TestApp): Promise<Record<string, string>> {
  const { rows: tables } = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await t.db.execute<{ digest: string | null }>(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(name)} x`,
    );
    snapshot[name] = rows[0]?.digest ?? '';
  }
  return snapshot;
}
