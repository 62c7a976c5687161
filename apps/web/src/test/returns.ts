// size: one fake of the seller's and the buyer's return endpoints (lists, detail, actions, messages, request, shipped, withdraw), shared by both screens' tests
import type {
  BuyerReturn,
  BuyerReturnBody,
  BuyerReturnOptionsResponse,
  BuyerReturnResponse,
  ReturnActionResponse,
  ReturnDetail,
  ReturnMessageBody,
  ReturnPhoto,
  ReturnResponse,
  ReturnStatus,
  ReturnSummary,
  ReturnTab,
  SellerReturnActionBody,
  SellerReturnsResponse,
} from '@kasuwa/contracts';
import type { ReturnPhotoUploader } from '@/features/returns/returns-api';
import { bodyCheck } from '@/test/contract-fake';
import { type Answer, type Call, fakeApiClient, type Override } from '@/test/in-memory-api';

/*
 * Returns for web tests: factories and one fake of GET /returns (tabs, search, pages), GET
 * /returns/:id, POST /returns/:id/actions and /messages, and the buyer's return-options, request,
 * return, messages, shipped and withdraw. Answers are typed with the contract's types (`satisfies`),
 * request bodies read with its schemas (test/contract-fake).
 */

let serial = 0;
export const returnTestId = (n: number) => `7a1c1f8e-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const RETURN_ORDER_ID = returnTestId(500001);
export const RETURN_LINE_ID = returnTestId(600001);
export const SECOND_LINE_ID = returnTestId(600002);

/** A return the buyer has just asked for, waiting for the seller; tests override what they are about. */
export function testReturn(overrides: Partial<ReturnDetail> = {}): ReturnDetail {
  serial += 1;
  const ret = {
    _id: returnTestId(100000 + serial),
    number: `RTN-${100000 + serial}`,
    order: { _id: RETURN_ORDER_ID, number: `KSW-${200000 + serial}` },
    buyer: { _id: returnTestId(900001), name: 'Chidi Okafor' },
    status: 'requested',
    reason: 'damaged',
    itemCount: 1,
    firstItem: { name: 'Ankara wrap dress', image: null },
    amount: 15000,
    refunded: 0,
    createdAt: '2026-11-24T09:30:00.000Z',
    deadline: {
      at: '2026-11-28T09:30:00.000Z',
      label: 'Answer by Fri 28 Nov, or the return is approved automatically',
    },
    note: 'The zip came off on the first wear.',
    photos: [{ _id: returnTestId(700001), url: '/media/return-1.webp' }],
    lines: [
      {
        orderLineId: RETURN_LINE_ID,
        name: 'Ankara wrap dress',
        image: null,
        variant: [{ name: 'Size', value: 'M' }],
        quantity: 1,
        unitPrice: 15000,
      },
    ],
    method: null,
    carrier: null,
    trackingNumber: null,
    labelUrl: null,
    rejectionReason: null,
    refundable: 15000,
    timeline: [
      {
        _id: returnTestId(800000 + serial * 10),
        type: 'requested',
        actor: 'buyer',
        message: 'Return requested: Arrived damaged',
        photos: [],
        createdAt: '2026-11-24T09:30:00.000Z',
      },
    ],
    allowedActions: ['approve', 'request_info', 'reject'],
  } satisfies ReturnDetail;
  return { ...ret, ...overrides };
}

export function returnSummaryOf(ret: ReturnDetail): ReturnSummary {
  const {
    _id,
    number,
    order,
    buyer,
    status,
    reason,
    itemCount,
    firstItem,
    amount,
    refunded,
    createdAt,
    deadline,
  } = ret;
  return {
    _id,
    number,
    order,
    buyer,
    status,
    reason,
    itemCount,
    firstItem,
    amount,
    refunded,
    createdAt,
    deadline,
  } satisfies ReturnSummary;
}

const TAB_STATUSES: Record<Exclude<ReturnTab, 'all'>, readonly ReturnStatus[]> = {
  requested: ['requested', 'info_needed'],
  in_progress: ['approved', 'in_transit', 'received'],
  refunded: ['refunded'],
  rejected: ['rejected', 'closed'],
};
export const inReturnTab = (ret: ReturnDetail, tab: ReturnTab) =>
  tab === 'all' || TAB_STATUSES[tab].includes(ret.status);

const ok = <T>(body: T, status = 200): Answer => ({ status, body });

function event(
  ret: ReturnDetail,
  type: string,
  actor: 'seller' | 'buyer',
  message: string,
  photos: ReturnPhoto[] = [],
) {
  serial += 1;
  return {
    _id: returnTestId(850000 + serial),
    type,
    actor,
    message,
    photos,
    createdAt: `2026-11-25T1${ret.timeline.length % 10}:00:00.000Z`,
  };
}

/** What the server's machine does with each step, as far as the screens can see. */
function applyAction(ret: ReturnDetail, body: SellerReturnActionBody): ReturnDetail {
  switch (body.action) {
    case 'request_info':
      return {
        ...ret,
        status: 'info_needed',
        allowedActions: ['approve', 'reject'],
        timeline: [...ret.timeline, event(ret, 'info_requested', 'seller', body.message)],
      };
    case 'approve':
      return {
        ...ret,
        status: 'approved',
        method: body.method,
        carrier: body.carrier ?? null,
        trackingNumber: body.trackingNumber ?? null,
        labelUrl: body.labelUrl ?? null,
        deadline: null,
        allowedActions: body.method === 'keep_item' ? ['refund'] : ['mark_received'],
        timeline: [...ret.timeline, event(ret, 'approved', 'seller', 'Return approved')],
      };
    case 'reject':
      return {
        ...ret,
        status: 'rejected',
        rejectionReason: body.reason,
        deadline: null,
        allowedActions: [],
        timeline: [...ret.timeline, event(ret, 'rejected', 'seller', `Rejected: ${body.reason}`)],
      };
    case 'mark_received':
      return {
        ...ret,
        status: 'received',
        allowedActions: ['refund'],
        timeline: [...ret.timeline, event(ret, 'received', 'seller', 'Item received')],
      };
    case 'refund':
      return {
        ...ret,
        status: 'refunded',
        refunded: ret.refunded + body.amount,
        refundable: ret.refundable - body.amount,
        deadline: null,
        allowedActions: [],
        timeline: [...ret.timeline, event(ret, 'refunded', 'seller', `Refunded ₦${body.amount}`)],
      };
  }
}

export function testReturnOptions(
  overrides: Partial<BuyerReturnOptionsResponse> = {},
): BuyerReturnOptionsResponse {
  return {
    eligible: true,
    reason: null,
    windowEndsAt: '2026-12-01T10:00:00.000Z',
    reasons: ['damaged', 'wrong_item', 'not_as_described'],
    policy: 'Ngozi Wears accepts returns of damaged or wrong items within 7 days of delivery.',
    lines: [
      {
        orderLineId: RETURN_LINE_ID,
        name: 'Ankara wrap dress',
        image: null,
        variant: [{ name: 'Size', value: 'M' }],
        quantity: 1,
        unitPrice: 15000,
        returnableQuantity: 1,
      },
      {
        orderLineId: SECOND_LINE_ID,
        name: 'Gele head tie',
        image: null,
        variant: [],
        quantity: 3,
        unitPrice: 4000,
        returnableQuantity: 3,
      },
    ],
    openReturnId: null,
    ...overrides,
  } satisfies BuyerReturnOptionsResponse;
}

/** The buyer's view of a seller's return. */
export function buyerViewOf(ret: ReturnDetail, overrides: Partial<BuyerReturn> = {}): BuyerReturn {
  const { allowedActions: _actions, buyer: _buyer, ...rest } = ret;
  return {
    ...rest,
    store: { _id: returnTestId(950001), name: 'Ngozi Wears' },
    canShipBack: ret.status === 'approved' && ret.method !== 'keep_item',
    canReply: ['requested', 'info_needed', 'approved', 'in_transit', 'received'].includes(ret.status),
    canWithdraw: ['requested', 'info_needed', 'approved'].includes(ret.status),
    ...overrides,
  } satisfies BuyerReturn;
}

export interface FakeReturnsOptions {
  returns?: ReturnDetail[];
  options?: BuyerReturnOptionsResponse;
  /** The buyer's returns by id; by default each seller return seen by its buyer. */
  buyerReturns?: Record<string, BuyerReturn>;
  override?: Override;
}

export function fakeReturnsApi(opts: FakeReturnsOptions = {}) {
  let returns = opts.returns ?? [];
  const buyerReturns: Record<string, BuyerReturn> = { ...(opts.buyerReturns ?? {}) };
  const { refusal } = bodyCheck();
  const buyerReturn = (id: string) => {
    const own = buyerReturns[id];
    if (own) return own;
    const ret = returns.find((r) => r._id === id);
    return ret ? buyerViewOf(ret) : undefined;
  };
  const save = (next: ReturnDetail) => {
    returns = returns.map((r) => (r._id === next._id ? next : r));
  };

  const answer = (call: Call): Answer | undefined => {
    const { method, path, query } = call;
    if (method === 'GET' && path === '/returns') {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      const tab = (query.get('tab') ?? 'requested') as ReturnTab;
      const words = query.get('search')?.toLowerCase();
      const matching = returns.filter(
        (r) =>
          inReturnTab(r, tab) &&
          (!words ||
            [r.number, r.order.number, r.buyer.name, ...r.lines.map((l) => l.name)].some((t) =>
              t.toLowerCase().includes(words),
            )),
      );
      const count = (t: ReturnTab) => returns.filter((r) => inReturnTab(r, t)).length;
      return ok({
        returns: matching.slice((page - 1) * limit, page * limit).map(returnSummaryOf),
        counts: {
          requested: count('requested'),
          in_progress: count('in_progress'),
          refunded: count('refunded'),
          rejected: count('rejected'),
          all: count('all'),
        },
        pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) },
      } satisfies SellerReturnsResponse);
    }
    const seller = path.match(/^\/returns\/([^/]+)(?:\/(actions|messages))?$/);
    if (seller) {
      const ret = returns.find((r) => r._id === seller[1]);
      if (!ret) return { status: 404, body: { message: 'Return not found' } };
      if (method === 'GET' && !seller[2]) return ok({ return: ret } satisfies ReturnResponse);
      if (method === 'POST' && seller[2] === 'actions') {
        const body = call.body as SellerReturnActionBody;
        if (!ret.allowedActions.includes(body.action))
          return { status: 409, body: { message: 'This return has moved on. Reload it.' } };
        if (body.action === 'refund' && body.amount > ret.refundable)
          return { status: 400, body: { message: 'A refund cannot be more than was paid' } };
        const next = applyAction(ret, body);
        save(next);
        return ok({ message: 'Return updated', return: next } satisfies ReturnActionResponse);
      }
      if (method === 'POST' && seller[2] === 'messages') {
        const body = call.body as ReturnMessageBody;
        const next = { ...ret, timeline: [...ret.timeline, event(ret, 'message', 'seller', body.message)] };
        save(next);
        return ok({ return: next } satisfies ReturnResponse);
      }
    }
    const options = path.match(/^\/buyer\/orders\/([^/]+)\/return-options$/);
    if (method === 'GET' && options) return ok(opts.options ?? testReturnOptions());
    if (method === 'POST' && path === '/buyer/returns') {
      const body = call.body as BuyerReturnBody;
      const created = testReturn({
        order: { _id: body.orderId, number: 'KSW-200100' },
        reason: body.reason,
        note: body.note ?? '',
        photos: (body.photoIds ?? []).map((_id) => ({ _id, url: `/media/${_id}.webp` })),
      });
      returns = [...returns, created];
      return ok({ return: buyerViewOf(created) } satisfies BuyerReturnResponse, 201);
    }
    const buyer = path.match(/^\/buyer\/returns\/([^/]+)(?:\/(messages|shipped|withdraw))?$/);
    if (buyer?.[1]) {
      const id = buyer[1];
      const current = buyerReturn(id);
      if (!current) return { status: 404, body: { message: 'Return not found' } };
      if (method === 'GET' && !buyer[2]) return ok({ return: current } satisfies BuyerReturnResponse);
      if (method !== 'POST') return undefined;
      let next: BuyerReturn = current;
      if (buyer[2] === 'messages') {
        const body = call.body as ReturnMessageBody;
        const photos = (body.photoIds ?? []).map((_id) => ({ _id, url: `/media/${_id}.webp` }));
        next = {
          ...current,
          timeline: [
            ...current.timeline,
            { ...event(testReturn(), 'message', 'buyer', body.message, photos) },
          ],
        };
      } else if (buyer[2] === 'shipped') {
        const body = call.body as { carrier?: string; trackingNumber?: string };
        next = {
          ...current,
          status: 'in_transit',
          carrier: body.carrier ?? null,
          trackingNumber: body.trackingNumber ?? null,
          canShipBack: false,
          canWithdraw: false,
        };
      } else if (buyer[2] === 'withdraw') {
        next = { ...current, status: 'closed', canShipBack: false, canWithdraw: false, canReply: false };
      }
      buyerReturns[id] = next;
      return ok({ return: next } satisfies BuyerReturnResponse);
    }
    return undefined;
  };

  const { api, calls } = fakeApiClient(
    (call) =>
      refusal(call) ??
      opts.override?.(call) ??
      answer(call) ?? { status: 404, body: { message: 'Not found' } },
  );
  return { api, calls, returns: () => returns, buyerReturn };
}

/**
 * An uploader the test drives: each photo waits until the test moves its progress and lets it
 * finish (or fail), so the bar can be seen part way.
 */
export function heldUploader() {
  const pending: Array<{
    file: File;
    progress: (fraction: number) => void;
    finish: (photo: ReturnPhoto) => void;
    fail: (error: Error) => void;
  }> = [];
  let n = 0;
  const upload: ReturnPhotoUploader = (file, onProgress) =>
    new Promise<ReturnPhoto>((resolve, reject) => {
      pending.push({ file, progress: onProgress, finish: resolve, fail: reject });
    });
  const nextPhoto = (): ReturnPhoto => {
    n += 1;
    const _id = returnTestId(990000 + n);
    return { _id, url: `/media/${_id}.webp` };
  };
  return { upload, pending, nextPhoto };
}
