// size: the isolation matrix, one entry per API route of the app (route-inventory.test.ts reads it whole); a table, not logic
import type { World } from '@/test/isolation-world.ts';

/** One request of the matrix: the route's `:params` (and `*`), query string and body. */
export type Call = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
};
type Who = 'seller' | 'buyer' | 'admin';
/**
 * A batch route answers 200 with what it did to each id it was given, so an intruder's refusal is
 * an answer in which every one of A's ids failed, exactly as a made-up id fails; `reason` says so.
 */
export type BatchRefusal = {
  reason: string;
  refused: (res: { statusCode: number; body: string }) => boolean;
};

/**
 * What the isolation matrix knows of a route, one entry per `METHOD /url` of the app:
 * - `owned`: it takes the id of something of seller A's (or buyer A's, or the operator's); every
 *   intruder calling it with A's real ids gets 401, 403 or 404, sees none of A's secrets, and
 *   changes no row;
 * - `self`: it acts on the caller's own account only (no id in it); without a token it is a 401;
 * - `open`: any signed-in buyer or seller may call it on anyone's public things (liking a blip,
 *   bidding in a show), by design; without a token it is a 401;
 * - `public`: anyone may call it, for the reason given; `leakCheck` reads A's public pages and
 *   finds none of A's private things in them.
 * `noBody` says a POST/PUT/PATCH reads no body, which the schema rule otherwise requires, and
 * `rawBody` why one reads its bytes unparsed (a signed webhook);
 * `external` marks a plugin's own route (the API docs), whose schemas are not ours.
 */
export type RouteEntry = { noBody?: true; rawBody?: string; external?: true } & (
  | { kind: 'owned'; owner: Who; call: (w: World) => Call; batch?: BatchRefusal }
  | { kind: 'self'; who: Who; call?: (w: World) => Call }
  | { kind: 'open'; who: Who; reason: string; call: (w: World) => Call }
  | { kind: 'public'; reason: string; leakCheck?: (w: World) => Call }
);

const owned = (
  owner: Who,
  call: (w: World) => Call,
  extra: { noBody?: true; batch?: BatchRefusal } = {},
): RouteEntry => ({
  kind: 'owned',
  owner,
  call,
  ...extra,
});
const self = (who: Who, extra: { noBody?: true } = {}): RouteEntry => ({ kind: 'self', who, ...extra });
const open = (
  who: Who,
  reason: string,
  call: (w: World) => Call,
  extra: { noBody?: true } = {},
): RouteEntry => ({
  kind: 'open',
  who,
  reason,
  call,
  ...extra,
});
const pub = (reason: string, extra: { noBody?: true; leakCheck?: (w: World) => Call } = {}): RouteEntry => ({
  kind: 'public',
  reason,
  ...extra,
});
const docs: RouteEntry = { kind: 'public', reason: 'the API documentation (OpenAPI)', external: true };

// Calls pointing at A's private things; a route that shows public things is aimed at A's draft.
const draftProduct = (w: World) => ({ params: { id: w.a.draftProductId } });
const draftBlip = (w: World) => ({ params: { productId: w.a.draftProductId, blipId: w.a.draftBlipId } });
const stream = (w: World) => ({ params: { id: w.a.streamId } });
const ofSellerA = (w: World) => ({ params: { sellerId: w.a.id } });
const order = (w: World) => ({ params: { id: w.buyerA.orderId } });
const comment = { comment: 'Hello from an intruder' };
const sellersOrder = (w: World) => ({ params: { id: w.a.orderId } });
const aReturn = (w: World) => ({ params: { id: w.a.returnId } });
const aCoupon = (w: World) => ({ params: { id: w.a.couponId } });
const couponEdit = {
  code: 'TAKEN5',
  kind: 'fixed',
  percentOff: null,
  amountOff: 500,
  minOrder: null,
  maxDiscount: null,
  usageLimit: 1,
  perBuyerLimit: 1,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  scope: 'store',
  productIds: [],
  streamId: null,
};
const aConversation = (w: World) => ({ params: { id: w.a.conversationId } });

/**
 * Every route of the app. A route without an entry fails route-inventory.test.ts; adding one is
 * one line here (and a field in isolation-world.ts when it owns a new kind of thing).
 */
export const ROUTE_TABLE: Record<string, RouteEntry> = {
  'GET /api/docs': docs,
  'GET /api/docs/static/index.html': docs,
  'GET /api/docs/static/swagger-initializer.js': docs,
  'GET /api/docs/json': docs,
  'GET /api/docs/yaml': docs,
  'GET /api/docs/static/*': docs,
  'GET /api/health': pub('load balancers and operators probe it'),

  // Blips, seller side.
  'POST /api/products/:productId/blips': owned('seller', (w) => ({
    params: { productId: w.a.draftProductId },
  })),
  'GET /api/products/seller/:sellerId/blips': pub("a seller's public blips", { leakCheck: ofSellerA }),
  'GET /api/products/:productId/blips/:blipId': owned('seller', draftBlip),
  'DELETE /api/products/:productId/blips/:blipId': owned('seller', draftBlip),
  'GET /api/products/:productId/blips/:blipId/comments': owned('seller', draftBlip),
  'POST /api/products/:productId/blips/:blipId/comments/:commentId/replies': owned('seller', (w) => ({
    params: { productId: w.a.activeProductId, blipId: w.a.activeBlipId, commentId: w.a.commentId },
    body: comment,
  })),
  'GET /api/media/blips/*': owned('seller', (w) => ({ params: { '*': w.a.draftBlipVideo } })),

  // Blips, buyer side: public blips are for everyone, a draft's blip for nobody but A.
  'GET /api/blips/:blipId': owned('seller', (w) => ({ params: { blipId: w.a.draftBlipId } })),
  'GET /api/blips/:blipId/like': owned('seller', (w) => ({ params: { blipId: w.a.draftBlipId } })),
  'PUT /api/blips/:blipId/like': owned('seller', (w) => ({ params: { blipId: w.a.draftBlipId } }), {
    noBody: true,
  }),
  'DELETE /api/blips/:blipId/like': owned('seller', (w) => ({ params: { blipId: w.a.draftBlipId } })),
  'POST /api/blips/:blipId/views': owned('seller', (w) => ({
    params: { blipId: w.a.draftBlipId },
    body: { viewerId: '7f1c5a4e-0b7e-4a57-9d1e-3c2b1a0f9e8d' },
  })),
  'POST /api/blips/:blipId/comments': owned('seller', (w) => ({
    params: { blipId: w.a.draftBlipId },
    body: comment,
  })),
  'POST /api/blips/:blipId/comments/:commentId/replies': owned('seller', (w) => ({
    params: { blipId: w.a.draftBlipId, commentId: w.a.commentId },
    body: comment,
  })),

  // The operator's channel.
  'POST /api/admin/sellers/notify': owned('admin', (w) => ({
    body: { email: w.a.email, type: 'system', title: 'Hi', message: 'From an intruder' },
  })),
  'POST /api/admin/blips/:blipId/comments': owned('admin', (w) => ({
    params: { blipId: w.a.activeBlipId },
    body: { authorName: 'Intruder', text: 'Hello' },
  })),
  'POST /api/admin/uploads/sweep': owned('admin', () => ({}), { noBody: true }),
  // Only on a TEST_CLOCK=1 server; the inventory's app is built with a test clock to measure it.
  'POST /api/admin/test-clock': owned('admin', () => ({ body: { advanceDays: 8 } })),
  'POST /api/admin/sellers/:command': owned('admin', (w) => ({
    params: { command: 'block' },
    body: { email: w.a.email },
  })),

  // Accounts.
  'POST /api/seller/register': pub('sign-up'),
  'POST /api/seller/login': pub('log-in'),
  'POST /api/seller/verify-otp': pub('sign-up and log-in codes'),
  'POST /api/seller/resend-otp': pub('sign-up and log-in codes'),
  'POST /api/seller/forgot-password': pub('password reset'),
  'POST /api/seller/reset-password': pub('password reset'),
  'GET /api/seller/check-token': self('seller'),
  'GET /api/seller/profile': self('seller'),
  'GET /api/seller/onboarding-process': self('seller'),
  'PUT /api/seller/onboarding-process': self('seller'),
  'GET /api/notifications': self('seller'),
  'PUT /api/notifications/mark-all-read': self('seller', { noBody: true }),
  'PUT /api/notifications/:id/mark-read': owned('seller', (w) => ({ params: { id: w.a.notificationId } }), {
    noBody: true,
  }),
  'GET /api/conversations': self('seller'),
  'GET /api/conversations/unread-count': self('seller'),
  'PUT /api/conversations/mark-all-read': self('seller', { noBody: true }),
  // Messages (issue 16): A's conversation is with buyer A; A's quick reply is A's.
  'POST /api/conversations': owned('seller', (w) => ({ body: { orderId: w.a.orderId } })),
  'GET /api/conversations/:id': owned('seller', aConversation),
  'GET /api/conversations/:id/messages': owned('seller', aConversation),
  'POST /api/conversations/:id/messages': owned('seller', (w) => ({
    ...aConversation(w),
    body: { kind: 'text', body: 'Hello from an intruder' },
  })),
  'POST /api/conversations/:id/photos': owned('seller', aConversation),
  'PUT /api/conversations/:id/read': owned('seller', aConversation, { noBody: true }),
  'GET /api/quick-replies': self('seller'),
  'POST /api/quick-replies': self('seller'),
  'PUT /api/quick-replies/:id': owned('seller', (w) => ({
    params: { id: w.a.quickReplyId },
    body: { title: 'Intruder', body: 'Hello from an intruder' },
  })),
  'DELETE /api/quick-replies/:id': owned('seller', (w) => ({ params: { id: w.a.quickReplyId } })),
  'GET /api/buyer/conversations': self('buyer'),
  'GET /api/buyer/conversations/unread-count': self('buyer'),
  'POST /api/buyer/conversations': open('buyer', 'any buyer may write to any store', (w) => ({
    body: { sellerId: w.a.id },
  })),
  'GET /api/buyer/conversations/:id': owned('buyer', aConversation),
  'GET /api/buyer/conversations/:id/messages': owned('buyer', aConversation),
  'POST /api/buyer/conversations/:id/messages': owned('buyer', (w) => ({
    ...aConversation(w),
    body: { kind: 'text', body: 'Hello from an intruder' },
  })),
  'POST /api/buyer/conversations/:id/photos': owned('buyer', aConversation),
  'PUT /api/buyer/conversations/:id/read': owned('buyer', aConversation, { noBody: true }),
  'GET /api/media/messages/:file': pub(
    "a chat photo, by a signed expiring link the server gives only to the conversation's seller and buyer",
  ),
  'PUT /api/seller/vacation-mode': self('seller'),
  'GET /api/seller/top-sold-products': self('seller'),
  // Settings (issue 17).
  'GET /api/seller/settings': self('seller'),
  'PUT /api/seller/settings/store-profile': self('seller'),
  'PUT /api/seller/settings/pickup-address': self('seller'),
  'PUT /api/seller/settings/returns-policy': self('seller'),
  'PUT /api/seller/settings/notifications': self('seller'),
  'POST /api/seller/settings/password': self('seller'),
  'POST /api/seller/settings/sign-out-others': self('seller', { noBody: true }),
  'GET /api/seller/settings/sessions': self('seller'),
  'POST /api/seller/settings/data-export': self('seller', { noBody: true }),
  'GET /api/seller/settings/data-export': self('seller'),
  'GET /api/seller/settings/data-export/file': self('seller'),
  'POST /api/seller/settings/close-account': self('seller'),
  'POST /api/seller/settings/close-account/cancel': self('seller', { noBody: true }),

  // Onboarding.
  'PUT /api/seller/profile/account-type': self('seller'),
  'PUT /api/seller/business-details': self('seller'),
  'PUT /api/seller/business-information': self('seller'),
  'PUT /api/seller/shipping-warehouse': self('seller'),
  'PUT /api/seller/shipping-options': self('seller'),
  'PUT /api/seller/profile/bank-details': self('seller'),
  'GET /api/categories': pub('the catalogue of categories'),
  'POST /api/seller/select-categories': self('seller'),
  'PUT /api/seller/individual-information': self('seller'),
  'POST /api/seller/verification/company': self('seller'),
  'POST /api/seller/verification/individual': self('seller'),
  'GET /api/seller/documents': self('seller'),
  'GET /api/seller/documents/:id/file': owned('seller', (w) => ({ params: { id: w.a.documentId } })),
  'POST /api/seller/profile/avatar': self('seller'),
  'POST /api/seller/profile/banner': self('seller'),
  'GET /api/media/*': pub('avatars, banners and category pictures, shown on public store pages'),

  // Buyers.
  'POST /api/buyers/register': pub('buyer sign-up'),
  'POST /api/buyers/login': pub('buyer log-in'),
  'GET /api/buyers/me': self('buyer'),

  // Live shows.
  'POST /api/streams/open-live-show': self('seller'),
  'POST /api/streams/create': self('seller'),
  'POST /api/streams/media': self('seller'),
  'GET /api/streams/seller/:sellerId': owned('seller', ofSellerA),
  'POST /api/streams/reschedule-expired': self('seller'),
  'GET /api/streams/:id': pub('the watch page of a show'),
  'GET /api/streams/:id/comments': pub("the chat of a show's watch page"),
  'POST /api/streams/:id/start': owned('seller', stream, { noBody: true }),
  'POST /api/streams/:id/end': owned('seller', stream, { noBody: true }),
  'POST /api/streams/:id/join-seller': owned('seller', stream, { noBody: true }),
  'GET /api/streams/:id/renew-token': owned('seller', stream),
  'POST /api/streams/:id/activate-product-bidding': owned('seller', (w) => ({
    params: { id: w.a.streamId },
    body: { productId: w.a.activeProductId },
  })),
  'POST /api/streams/:id/bids': open('buyer', 'any buyer bids in any live show', (w) => ({
    params: { id: w.a.streamId },
    body: { productId: w.a.activeProductId, amount: 100 },
  })),
  'PUT /api/streams/:id/max-bids': open('buyer', 'any buyer sets their own max bid in any show', (w) => ({
    params: { id: w.a.streamId },
    body: { productId: w.a.activeProductId, maxBid: 100 },
  })),
  'GET /api/streams/:id/seller-presence': pub(
    'whether a live show’s seller is reconnecting, shown on its watch page',
  ),
  'GET /api/streams/:id/max-bids/mine': { kind: 'self', who: 'buyer', call: stream },
  'GET /api/media/streams/*': pub("shows' covers and previews, shown on public pages"),
  // issue 21: replays and past show summaries
  'POST /api/streams/:id/replay/upload': owned('seller', (w) => ({
    ...stream(w),
    body: { sizeBytes: 2048, mimeType: 'video/webm' },
  })),
  'GET /api/streams/:id/replay/upload': owned('seller', stream),
  'PUT /api/streams/:id/replay/upload/:offset': {
    ...owned('seller', (w) => ({ params: { id: w.a.streamId, offset: '0' } })),
    rawBody: 'a chunk of the recording is bytes (application/octet-stream), not JSON',
  },
  'GET /api/streams/:id/replay': pub("an ended show's replay for buyers of the store", { leakCheck: stream }),
  'GET /api/streams/:id/summary': owned('seller', stream),
  'GET /api/media/replays/:file': pub('ready replays of ended shows, played on public pages'),

  // issue 20: resumable (tus) photo uploads; an upload's id names its seller.
  'POST /api/uploads/tus': self('seller', { noBody: true }),
  'GET /api/uploads/tus/:id': owned('seller', (w) => ({ params: { id: w.a.resumableUploadId } })),
  'PATCH /api/uploads/tus/:id': {
    ...owned('seller', (w) => ({ params: { id: w.a.resumableUploadId } })),
    rawBody: 'the bytes of the upload (application/offset+octet-stream), streamed to disk by tus',
  },
  'DELETE /api/uploads/tus/:id': owned('seller', (w) => ({ params: { id: w.a.resumableUploadId } })),

  // Products.
  'POST /api/products': self('seller'),
  'GET /api/products/seller/:sellerId': pub("a seller's public products", { leakCheck: ofSellerA }),
  'GET /api/products/seller/:sellerId/search': pub("search in a seller's public products", {
    leakCheck: (w) => ({ params: { sellerId: w.a.id }, query: { query: 'Ankara' } }),
  }),
  'GET /api/products/seller/:sellerId/auctions': pub("a seller's public auction products", {
    leakCheck: ofSellerA,
  }),
  'POST /api/products/images': self('seller'),
  'GET /api/media/products/:sellerId/:file': owned('seller', (w) => ({
    params: { sellerId: w.a.id, file: w.a.draftPhotoUrl.split('/').pop() ?? '' },
  })),
  'GET /api/products/:id': owned('seller', draftProduct),
  'PUT /api/products/:id': owned('seller', (w) => ({ ...draftProduct(w), body: { name: 'Taken over' } })),
  'DELETE /api/products/:id': owned('seller', draftProduct),

  // Payments and checkout.
  'POST /api/webhooks/local-pay': {
    ...pub("the local payment provider's webhook, signed"),
    rawBody: 'its signature is checked on the exact bytes sent, before any parsing',
  },
  'GET /pay/:reference': pub("a payment's page, opened by its unguessable reference"),
  'GET /pay/local/:reference': pub("the local provider's payment page, opened by its unguessable reference"),
  'POST /pay/local/:reference': pub("the local provider's payment page, opened by its unguessable reference"),
  'GET /api/settings/delivery': self('seller'),
  'PUT /api/settings/delivery': self('seller'),
  'GET /api/checkout/sellers/:sellerId/options': pub("a seller's delivery options, shown at checkout", {
    leakCheck: ofSellerA,
  }),
  'POST /api/checkout/orders': self('buyer'),
  'POST /api/checkout/orders/:id': owned('buyer', (w) => ({
    ...order(w),
    body: {
      delivery: {
        method: 'seller',
        address: {
          fullName: 'Ada Obi',
          phoneNumber: '+2348012345678',
          state: 'Lagos',
          city: 'Ikeja',
          addressLine1: '4 Opebi Road',
        },
      },
      paymentMethod: 'online',
    },
  })),
  'GET /api/checkout/orders': self('buyer'),
  'GET /api/checkout/orders/:id': owned('buyer', order),
  'GET /api/checkout/orders/:id/verify': owned('buyer', (w) => ({
    ...order(w),
    query: { reference: 'ref-of-an-intruder' },
  })),

  // Orders, seller side: A's order is buyer A's auction win, placed in A's show.
  'GET /api/orders': self('seller'),
  'GET /api/orders/export.csv': self('seller'),
  // issue 15: ledger — the seller's own earnings (no ids: each reads the caller's ledger only)
  'GET /api/earnings/summary': self('seller'),
  'GET /api/earnings/transactions': {
    kind: 'self',
    who: 'seller',
    call: () => ({ query: { limit: '100' } }),
  },
  'GET /api/earnings/chart': {
    kind: 'self',
    who: 'seller',
    call: () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  },
  'GET /api/orders/overview': self('seller'),
  'GET /api/orders/:id': owned('seller', sellersOrder),
  'POST /api/orders/:id/actions': owned('seller', (w) => ({
    ...sellersOrder(w),
    body: { action: 'cancel', reason: 'Cancelled by an intruder' },
  })),
  'POST /api/orders/bulk-ship': owned(
    'seller',
    (w) => ({ body: { orderIds: [w.a.orderId], carrier: 'GIG Logistics' } }),
    {
      batch: {
        reason:
          "it ships what it can and lists the rest; another's order is 'Order not found', like a made-up id",
        refused: (res) => {
          if (res.statusCode !== 200) return false;
          const { shipped, failed } = JSON.parse(res.body) as {
            shipped: string[];
            failed: { message: string }[];
          };
          return (
            shipped.length === 0 && failed.length > 0 && failed.every((f) => f.message === 'Order not found')
          );
        },
      },
    },
  ),
  'GET /api/customers': self('seller'),
  'GET /api/analytics': self('seller'), // issue 17: only the token's seller's figures
  'GET /api/customers/export.csv': self('seller'),
  'GET /api/customers/:id': owned('seller', (w) => ({ params: { id: w.a.customerId } })),

  // Shipping and the packing documents.
  'GET /api/shipping/provider': self('seller'),
  // Quotes are asked of the carrier for the order as it is; the request carries nothing else.
  'POST /api/orders/:id/shipping/quotes': owned('seller', sellersOrder, { noBody: true }),
  'POST /api/orders/:id/shipping/book': owned('seller', (w) => ({
    ...sellersOrder(w),
    body: { rateId: 'rate-of-an-intruder' },
  })),
  'GET /api/orders/:id/packing-slip.pdf': owned('seller', sellersOrder),
  'GET /api/streams/:id/packing-list.pdf': owned('seller', stream),

  // issue 15: payouts. Every one acts on the caller's own account only: no id of anyone's is taken
  // (a payout goes to the caller's own bank account, from the caller's own balance).
  'POST /api/auth/step-up/code': self('seller', { noBody: true }),
  'GET /api/payouts/banks': self('seller'),
  'POST /api/payouts/bank-account/resolve': self('seller'),
  'PUT /api/payouts/bank-account': self('seller'),
  'GET /api/payouts': self('seller'),
  'POST /api/payouts': self('seller'),
  'PUT /api/payouts/schedule': self('seller'),

  // Returns (issue 15): A's return is buyer A's, of A's order.
  // issue 16: coupons
  'GET /api/coupons': self('seller'),
  'GET /api/coupons/summary': self('seller'),
  'GET /api/coupons/choices': self('seller'),
  'POST /api/coupons': self('seller'),
  'GET /api/coupons/:id': owned('seller', aCoupon),
  'PUT /api/coupons/:id': owned('seller', (w) => ({ ...aCoupon(w), body: couponEdit })),
  'POST /api/coupons/:id/disable': owned('seller', aCoupon, { noBody: true }),
  'POST /api/coupons/:id/enable': owned('seller', aCoupon, { noBody: true }),
  'POST /api/checkout/coupons/check': open(
    'buyer',
    "a buyer checks a code against a seller's public product; only whether it applies is answered",
    (w) => ({ body: { code: 'ASECRET10', productId: w.a.activeProductId, variant: [], quantity: 1 } }),
  ),
  'GET /api/returns': self('seller'),
  'GET /api/returns/:id': owned('seller', aReturn),
  'POST /api/returns/:id/actions': owned('seller', (w) => ({
    ...aReturn(w),
    body: { action: 'reject', reason: 'Rejected by an intruder' },
  })),
  'POST /api/returns/:id/messages': owned('seller', (w) => ({
    ...aReturn(w),
    body: { message: 'Hello from an intruder' },
  })),
  'POST /api/orders/:id/returns': owned('seller', (w) => ({
    ...sellersOrder(w),
    body: { lines: [{ orderLineId: w.a.orderLineId, quantity: 1 }], reason: 'damaged' },
  })),
  'GET /api/buyer/orders/:id/return-options': owned('buyer', order),
  'POST /api/buyer/returns': owned('buyer', (w) => ({
    body: {
      orderId: w.buyerA.orderId,
      lines: [{ orderLineId: w.a.orderLineId, quantity: 1 }],
      reason: 'damaged',
    },
  })),
  'POST /api/buyer/returns/photos': self('buyer'),
  'GET /api/buyer/returns/:id': owned('buyer', aReturn),
  'POST /api/buyer/returns/:id/messages': owned('buyer', (w) => ({
    ...aReturn(w),
    body: { message: 'Hello from an intruder' },
  })),
  'POST /api/buyer/returns/:id/shipped': owned('buyer', (w) => ({ ...aReturn(w), body: {} })),
  'POST /api/buyer/returns/:id/withdraw': owned('buyer', aReturn, { noBody: true }),
  'GET /api/media/returns/:file': pub(
    "a return photo, by a signed expiring link the server gives only to the return's buyer and seller",
  ),

  // Statements (issue 15): the caller's own ledger lines only; no id of anyone's in them.
  'GET /api/earnings/statement.csv': {
    kind: 'self',
    who: 'seller',
    call: () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  },
  'GET /api/earnings/statements/:month.pdf': {
    kind: 'self',
    who: 'seller',
    call: () => ({ params: { month: '2026-01' } }),
  },

  // issue 16: followers, the buyer's Updates inbox, inbox campaigns.
  'GET /api/buyer/stores/:sellerId': open('buyer', 'any buyer sees whether they follow any store', ofSellerA),
  'PUT /api/buyer/stores/:sellerId/follow': open('buyer', 'any buyer follows any store', ofSellerA, {
    noBody: true,
  }),
  'DELETE /api/buyer/stores/:sellerId/follow': open('buyer', 'any buyer unfollows any store', ofSellerA),
  'PUT /api/buyer/stores/:sellerId/preferences': open(
    'buyer',
    "any buyer turns off or blocks any store's campaigns, for themselves",
    (w) => ({ ...ofSellerA(w), body: { unsubscribed: true } }),
  ),
  'GET /api/buyer/updates': self('buyer'),
  'GET /api/buyer/updates/unread-count': self('buyer'),
  'POST /api/buyer/updates/:id/open': owned('buyer', (w) => ({ params: { id: w.buyerA.updateId } }), {
    noBody: true,
  }),
  'POST /api/buyer/updates/:id/click': owned('buyer', (w) => ({ params: { id: w.buyerA.updateId } }), {
    noBody: true,
  }),
  'GET /api/followers/summary': self('seller'),
  'GET /api/campaigns': self('seller'),
  'GET /api/campaigns/summary': self('seller'),
  'POST /api/campaigns/audience-count': {
    kind: 'self',
    who: 'seller',
    call: () => ({ body: { audience: { kind: 'followers' } } }),
  },
  'POST /api/campaigns': {
    kind: 'self',
    who: 'seller',
    call: () => ({ body: { title: 'T', message: 'M', audience: { kind: 'followers' } } }),
  },
  'POST /api/campaigns/images': self('seller'),
  'GET /api/media/campaigns/:sellerId/:file': pub(
    "a campaign's picture: public like the campaign it goes to buyers with, under an unguessable name",
  ),
  'GET /api/campaigns/:id': owned('seller', (w) => ({ params: { id: w.a.campaignId } })),
  'POST /api/campaigns/:id/cancel': owned('seller', (w) => ({ params: { id: w.a.campaignId } }), {
    noBody: true,
  }),

  // A show's tray and pin.
  'GET /api/streams/:id/tray': pub("the products a show's viewers can buy", { leakCheck: stream }),
  'POST /api/streams/:id/pin': owned('seller', (w) => ({
    ...stream(w),
    body: { productId: w.a.activeProductId },
  })),

  // issue 21: the seller's command of the room. Store-level settings act on the caller's own store
  // (an id in them names a buyer, never another store); a show's settings are its seller's; the
  // co-host routes answer the invited seller only, and seller B was never invited to A's show.
  'GET /api/live/moderation': self('seller'),
  'POST /api/live/moderators': {
    kind: 'self',
    who: 'seller',
    call: (w) => ({ body: { buyerId: w.buyerA.id } }),
  },
  'DELETE /api/live/moderators/:buyerId': {
    kind: 'self',
    who: 'seller',
    call: (w) => ({ params: { buyerId: w.buyerA.id } }),
  },
  'PUT /api/live/muted-words': { kind: 'self', who: 'seller', call: () => ({ body: { words: ['scam'] } }) },
  'GET /api/live/cohosting': self('seller'),
  'GET /api/streams/:id/moderation': owned('seller', stream),
  'PUT /api/streams/:id/slow-mode': owned('seller', (w) => ({ ...stream(w), body: { seconds: 30 } })),
  'PUT /api/streams/:id/cohost': owned('seller', (w) => ({ ...stream(w), body: { email: w.a.email } })),
  'DELETE /api/streams/:id/cohost': owned('seller', stream),
  'GET /api/streams/:id/room': pub('a show’s slow mode and pinned comment, as every viewer sees them', {
    leakCheck: stream,
  }),
  'POST /api/streams/:id/cohost/activate-product-bidding': owned('seller', (w) => ({
    ...stream(w),
    body: { productId: w.a.activeProductId },
  })),
  'POST /api/streams/:id/cohost/pin': owned('seller', (w) => ({
    ...stream(w),
    body: { productId: w.a.activeProductId },
  })),
  // issue 21: Live Giveaways.
  'GET /api/giveaways': self('seller'),
  'GET /api/streams/:id/giveaways': pub("a show's giveaways, which its viewers enter", { leakCheck: stream }),
  'POST /api/streams/:id/giveaways': owned('seller', (w) => ({
    ...stream(w),
    body: { productId: w.a.activeProductId },
  })),
  'DELETE /api/giveaways/:id': owned('seller', (w) => ({ params: { id: w.a.giveawayId } })),
  'POST /api/giveaways/:id/start': owned('seller', (w) => ({ params: { id: w.a.giveawayId }, body: {} })),
  'POST /api/giveaways/:id/draw': owned('seller', (w) => ({ params: { id: w.a.giveawayId } }), {
    noBody: true,
  }),
  'GET /api/giveaways/:id/entry': open('buyer', 'whether the caller entered a public giveaway', (w) => ({
    params: { id: w.a.giveawayId },
  })),
  'POST /api/giveaways/:id/entries': open(
    'buyer',
    'entering a show’s giveaway is for any buyer its rule lets in',
    (w) => ({ params: { id: w.a.giveawayId } }),
    { noBody: true },
  ),

  // issue 17: KYC and Account. The seller's own verification and account only: no id in them.
  'GET /api/seller/kyc': self('seller'),
  'POST /api/seller/kyc': {
    kind: 'self',
    who: 'seller',
    call: () => ({ body: { kind: 'individual', bvn: '22212345678', nin: '70123456789' } }),
  },
  'GET /api/seller/account': self('seller'),
  'POST /api/admin/kyc/:decision': owned('admin', (w) => ({
    params: { decision: 'reject' },
    body: { email: w.a.email, reason: 'Rejected by an intruder' },
  })),
  // issue 17: Help & Support — the caller's own tickets; another seller's ticket id is a 404.
  'POST /api/support/tickets': self('seller'),
  'GET /api/support/tickets': self('seller'),
  'GET /api/support/tickets/:id': owned('seller', (w) => ({ params: { id: w.a.supportTicketId } })),
  'POST /api/admin/support/tickets/:reference': owned('admin', (w) => ({
    params: { reference: w.a.supportTicketReference },
    body: { status: 'closed' },
  })),
  // issue 17: Kasuwa Connect.
  'GET /api/connect': self('seller'),
  'POST /api/connect/catalogue-token': self('seller', { noBody: true }),
  'GET /api/connect/poster.pdf': self('seller'),
  'GET /api/connect/catalogue/:token.csv': pub(
    "the store's active products for Meta's Commerce Manager, by a secret only the seller is shown",
    { leakCheck: (w) => ({ params: { token: w.a.catalogueToken } }) },
  ),
  'GET /api/connect/badge/:sellerId.svg': pub("a store's live badge for its own website", {
    leakCheck: ofSellerA,
  }),
  'GET /api/connect/go/:sellerId': pub("the store link: a redirect to the store's show or blip", {
    leakCheck: ofSellerA,
  }),
  'GET /api/stores/:slug': pub("a store's public page: its shows, public blips and products on sale", {
    leakCheck: (w) => ({ params: { slug: w.a.storeSlug } }),
  }),
  'GET /api/connect/products/:productId/image.jpg': pub(
    "an active product's public photo as JPEG, for Meta",
    {
      leakCheck: (w) => ({ params: { productId: w.a.activeProductId } }),
    },
  ),
};
