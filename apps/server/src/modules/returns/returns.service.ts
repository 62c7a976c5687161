// size: the Returns Center's rules in one place: eligibility, every step of the machine with its effects (refund, deadlines, notices, mail), the views of both sides and the deadline tasks
import {
  type BuyerReturn,
  type BuyerReturnOptionsResponse,
  type buyerReturnBody,
  formatOrderNumber,
  formatReturnNumber,
  type ReturnDetail,
  type ReturnEvent,
  type ReturnPhoto,
  type ReturnReason,
  type ReturnSummary,
  type returnMessageBody,
  type SellerReturnActionBody,
  type SellerReturnsResponse,
  type sellerOpenReturnBody,
  type sellerReturnsQuery,
} from '@kasuwa/contracts';
import type { z } from 'zod';
import type { ReturnRow, ShippingOptionsRecord } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import { nairaText, toKobo, toNaira } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { OpenReturnsPort } from '@/modules/ledger/ledger-ports.ts';
import { sellerWants } from '@/modules/notifications/notification-preferences.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import { addBusinessDays } from '@/modules/orders/business-days.ts';
import type { OrderActor } from '@/modules/orders/order-ports.ts';
import {
  buyerAbilities,
  RETURN_DEADLINES,
  type ReturnEffect,
  type ReturnJob,
  type ReturnMachineEvent,
  sellerActions,
  transition,
} from '@/modules/returns/return-machine.ts';
import {
  type BuyerMailKind,
  buyerMail,
  type ReturnNoticeContext,
  reminderNotice,
  sellerNotice,
  sellerReminderMail,
} from '@/modules/returns/return-notices.ts';
import type { ReturnPhotoLinks } from '@/modules/returns/return-photos.ts';
import type { ReturnsRepository } from '@/modules/returns/returns.repository.ts';

export const RETURN_TASKS = {
  reminder: 'returns.answer-reminder',
  answer: 'returns.answer-deadline',
  ship: 'returns.ship-deadline',
  receipt: 'returns.receipt-deadline',
  forgetPhoto: 'returns.forget-photo',
} as const;

/**
 * A photo a buyer uploaded but never sent with a request or a message (a form left half way) is
 * removed this long after it arrived: its file and its row. Long enough for a buyer who comes back
 * to the form the next day... but no file of a stranger's phone stays on disk for ever.
 */
export const UNATTACHED_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;
const TASK_OF_JOB: Record<ReturnJob, string> = {
  'answer-reminder': RETURN_TASKS.reminder,
  answer: RETURN_TASKS.answer,
  ship: RETURN_TASKS.ship,
  receipt: RETURN_TASKS.receipt,
};
/** One pending job per return and deadline: adding again moves it, removing cancels it. */
export const returnJobKey = (returnId: string, job: ReturnJob) => `return:${returnId}:${job}`;

const DAY_MS = 86_400_000;
const KASUWA_WINDOW_DAYS = 7;
const KASUWA_REASONS: ReturnReason[] = ['damaged', 'wrong_item', 'not_as_described'];
const ALL_REASONS: ReturnReason[] = [...KASUWA_REASONS, 'changed_mind'];

const DEADLINE_DATE = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});

/** Whose screen or mail a deadline is written for: each reads who must act in their own words. */
export type DeadlineAudience = 'seller' | 'buyer';

/** What the screen shows of a deadline: who must act by when, and what happens otherwise. */
export function deadlineLabel(
  kind: ReturnRow['deadlineKind'],
  at: Date,
  audience: DeadlineAudience,
): string | null {
  const when = DEADLINE_DATE.format(at);
  const seller = audience === 'seller';
  switch (kind) {
    case 'seller_answer':
      return seller
        ? `Answer by ${when}, or the return is approved automatically`
        : `The seller answers by ${when}, or the return is approved automatically`;
    case 'buyer_ship':
      return seller
        ? `The buyer sends the item back by ${when}, or the return closes`
        : `Send the item back by ${when}, or the return closes`;
    case 'seller_receipt':
      return seller
        ? `Confirm receipt by ${when}, or the buyer is refunded in full automatically`
        : `The seller confirms receipt by ${when}, or you are refunded in full automatically`;
    default:
      return null;
  }
}

/** The money side: refunds through the provider with the ledger's posting (modules/payments). */
export type ReturnsRefunds = {
  create(
    q: Queryable,
    request: {
      key: string;
      orderId: string;
      returnId: string;
      amountKobo: number;
      reason: string;
      note?: string;
      actor: OrderActor;
    },
  ): Promise<unknown>;
  /** What can still be refunded on the order (LedgerPort.refundableKobo). */
  refundableKobo(q: Queryable, orderId: string): Promise<number>;
};

type Deps = {
  repo: ReturnsRepository;
  clock: Clock;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'createInTransaction'>;
  /** Queued in the step's transaction (queued mailer): sent only if the step commits. */
  sendMail: (q: Queryable, mail: Mail) => Promise<void>;
  refunds: ReturnsRefunds;
  photos: ReturnPhotoLinks;
  publicUrl: string;
  /** Removes stored files (FileStorage.delete): an unattached photo's, once it is forgotten. */
  deleteFiles: (keys: readonly string[]) => Promise<void>;
};

type Pushes = Array<() => void>;
type Viewer = 'seller' | 'buyer';
type OrderContext = NonNullable<Awaited<ReturnType<ReturnsRepository['orderContext']>>>;

function policyOf(policy: ShippingOptionsRecord | null) {
  const custom = policy?.returnsAndExchangePolicy === 'custom';
  const days = custom ? policy.returnWindowDays : KASUWA_WINDOW_DAYS;
  return {
    days,
    reasons: custom ? ALL_REASONS : KASUWA_REASONS,
    text: custom
      ? `Returns within ${days} days of delivery, for any reason including a change of mind`
      : `Kasuwa policy: returns within ${KASUWA_WINDOW_DAYS} days of delivery for items that arrived damaged, wrong or not as described`,
  };
}

export function returnsService(deps: Deps) {
  const { repo, clock, jobs } = deps;
  const returnLink = (id: string) => `${deps.publicUrl.replace(/\/$/, '')}/my-returns/${id}`;
  const sellerLink = (id: string) => `${deps.publicUrl.replace(/\/$/, '')}/dashboard/return/${id}`;

  async function inTransaction<T>(fn: (tx: Queryable, pushes: Pushes) => Promise<T>): Promise<T> {
    const pushes: Pushes = [];
    const result = await repo.transaction((tx) => fn(tx, pushes));
    for (const push of pushes) push();
    return result;
  }

  /** Whether the order can be returned now, and under which policy. `who`: the seller may open one after the window. */
  function eligibility(ctx: OrderContext, now: Date, who: Viewer) {
    const { order } = ctx;
    const policy = policyOf(ctx.policy);
    const windowEndsAt = order.deliveredAt
      ? new Date(order.deliveredAt.getTime() + policy.days * DAY_MS)
      : null;
    let reason: string | null = null;
    if (order.fulfilmentStatus !== 'delivered' && order.fulfilmentStatus !== 'picked_up')
      reason = 'Items can be returned once the order has been delivered or picked up';
    else if (order.paymentMethod !== 'online')
      reason = 'This order was paid in cash on delivery: arrange a return with the seller directly';
    else if (order.paymentStatus === 'refunded') reason = 'This order has been refunded in full';
    else if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially_refunded')
      reason = 'This order was not paid online';
    else if (who === 'buyer' && windowEndsAt && now > windowEndsAt)
      reason = `The return window closed on ${DEADLINE_DATE.format(windowEndsAt)}`;
    return { reason, windowEndsAt, policy };
  }

  async function returnableLines(q: Queryable, orderId: string) {
    const lines = await repo.orderLines(q, orderId);
    const returned = await repo.returnedQuantities(q, orderId);
    return lines.map((l) => ({ line: l, returnable: Math.max(0, l.quantity - (returned.get(l.id) ?? 0)) }));
  }

  const lineView = (l: {
    productName: string;
    productImage: string | null;
    variant: { name: string; value: string }[];
    quantity: number;
    unitPriceKobo: number;
  }) => ({
    name: l.productName,
    image: l.productImage,
    variant: l.variant,
    quantity: l.quantity,
    unitPrice: toNaira(l.unitPriceKobo),
  });

  async function noticeContext(q: Queryable, ret: ReturnRow, extra: Partial<ReturnNoticeContext> = {}) {
    const parties = await repo.parties(q, ret);
    const context: ReturnNoticeContext = {
      returnNumber: ret.number,
      orderNumber: parties.orderNumber,
      buyerName: parties.buyerName,
      storeName: parties.storeName,
      reason: ret.reason,
      method: ret.method,
      carrier: ret.carrier,
      trackingNumber: ret.trackingNumber,
      labelUrl: ret.labelUrl,
      rejectionReason: ret.rejectionReason,
      refundKobo: 0,
      amountKobo: ret.amountKobo,
      message: '',
      deadlineText: ret.deadlineAt ? deadlineLabel(ret.deadlineKind, ret.deadlineAt, 'seller') : null,
      buyerDeadlineText: ret.deadlineAt ? deadlineLabel(ret.deadlineKind, ret.deadlineAt, 'buyer') : null,
      ...extra,
    };
    return { context, parties };
  }

  async function notify(
    q: Queryable,
    ret: ReturnRow,
    notice: ReturnType<typeof sellerNotice>,
    pushes: Pushes,
  ) {
    const staged = await deps.notifications.createInTransaction(q, ret.sellerId, {
      ...notice,
      data: { returnId: ret.id, orderId: ret.orderId },
    });
    pushes.push(staged.push);
  }

  async function mailBuyer(
    q: Queryable,
    ret: ReturnRow,
    kind: BuyerMailKind,
    extra: Partial<ReturnNoticeContext>,
  ) {
    const { context, parties } = await noticeContext(q, ret, extra);
    await deps.sendMail(q, buyerMail(kind, context, parties.buyerEmail, returnLink(ret.id)));
  }

  /** Sets a deadline: the row says who must act by when, and keyed jobs enforce it. */
  async function startDeadline(
    q: Queryable,
    ret: Pick<ReturnRow, 'id'>,
    deadline: Extract<ReturnEffect, { type: 'deadline' }>['deadline'],
    now: Date,
  ): Promise<Pick<ReturnRow, 'deadlineAt' | 'deadlineKind'>> {
    if (!deadline) return { deadlineAt: null, deadlineKind: null };
    const payload = { returnId: ret.id };
    const add = (job: ReturnJob, runAt: Date) =>
      jobs.add(q, TASK_OF_JOB[job], payload, { runAt, jobKey: returnJobKey(ret.id, job) });
    switch (deadline.kind) {
      case 'seller_answer': {
        const at = addBusinessDays(now, deadline.businessDays);
        await add('answer-reminder', addBusinessDays(now, RETURN_DEADLINES.sellerReminderBusinessDays));
        await add('answer', at);
        return { deadlineAt: at, deadlineKind: 'seller_answer' };
      }
      case 'buyer_ship': {
        const at = new Date(now.getTime() + deadline.days * DAY_MS);
        await add('ship', at);
        return { deadlineAt: at, deadlineKind: 'buyer_ship' };
      }
      case 'seller_receipt': {
        const at = new Date(now.getTime() + deadline.days * DAY_MS);
        await add('receipt', at);
        return { deadlineAt: at, deadlineKind: 'seller_receipt' };
      }
    }
  }

  /**
   * One step of the machine on a locked return: the machine decides, then the refund (if any),
   * the row, one timeline entry, the deadlines, the seller's notifications and the buyer's e-mail
   * are written in `q`. A refused step throws a ConflictError with the machine's words.
   */
  async function step(
    q: Queryable,
    ret: ReturnRow,
    event: ReturnMachineEvent,
    actor: 'seller' | 'buyer' | 'system',
    pushes: Pushes,
    extra: { changes?: Partial<ReturnRow>; note?: string } = {},
  ): Promise<ReturnRow> {
    const result = transition({ status: ret.status, method: ret.method }, event);
    if (!result.ok) throw new ConflictError(result.message);
    const now = clock.now();
    let updated: ReturnRow = {
      ...ret,
      ...extra.changes,
      status: result.state.status,
      method: result.state.method,
      updatedAt: now,
    };
    let refundKobo = 0;
    for (const effect of result.effects) {
      if (effect.type === 'refund') {
        await deps.refunds.create(q, {
          key: `refund:${ret.id}`,
          orderId: ret.orderId,
          returnId: ret.id,
          amountKobo: effect.amountKobo,
          reason: 'return',
          note: extra.note ?? `Return ${formatReturnNumber(ret.number)}`,
          actor: actor === 'buyer' ? 'buyer' : actor,
        });
        refundKobo = effect.amountKobo;
        updated = { ...updated, refundedKobo: ret.refundedKobo + effect.amountKobo };
      } else if (effect.type === 'removeJobs') {
        for (const job of effect.jobs) await jobs.remove(q, returnJobKey(ret.id, job));
      } else if (effect.type === 'deadline') {
        updated = { ...updated, ...(await startDeadline(q, ret, effect.deadline, now)) };
      }
    }
    await repo.updateReturn(q, ret.id, {
      status: updated.status,
      method: updated.method,
      carrier: updated.carrier,
      trackingNumber: updated.trackingNumber,
      labelUrl: updated.labelUrl,
      rejectionReason: updated.rejectionReason,
      refundedKobo: updated.refundedKobo,
      deadlineAt: updated.deadlineAt,
      deadlineKind: updated.deadlineKind,
      updatedAt: now,
    });
    await repo.insertEvent(q, {
      returnId: ret.id,
      type: result.timeline.type,
      actor,
      message: result.timeline.message,
      data: refundKobo ? { refundKobo } : {},
      createdAt: now,
    });
    const message = event.type === 'request_info' ? event.message : (extra.note ?? '');
    for (const effect of result.effects) {
      if (effect.type === 'notify') {
        const { context } = await noticeContext(q, updated, { refundKobo, message: result.timeline.message });
        await notify(q, updated, sellerNotice(effect.notification, context), pushes);
      } else if (effect.type === 'mailBuyer') {
        await mailBuyer(q, updated, effect.mail, { refundKobo, message });
      }
    }
    return updated;
  }

  // ---- Views ----

  async function photoViews(q: Queryable, returnId: string) {
    const rows = await repo.photos(q, returnId);
    const view = (p: (typeof rows)[number]): ReturnPhoto => ({ _id: p.id, url: deps.photos.urlOf(p.id) });
    return {
      all: rows.map(view),
      byEvent: (eventId: string) => rows.filter((p) => p.eventId === eventId).map(view),
    };
  }

  async function summaryParts(q: Queryable, ret: ReturnRow, audience: DeadlineAudience) {
    // One after the other: `q` may be a transaction's single connection.
    const parties = await repo.parties(q, ret);
    const lines = await repo.lines(q, ret.id);
    const first = lines[0];
    const summary: ReturnSummary = {
      _id: ret.id,
      number: formatReturnNumber(ret.number),
      order: { _id: ret.orderId, number: formatOrderNumber(parties.orderNumber) },
      buyer: { _id: ret.buyerId, name: parties.buyerName },
      status: ret.status,
      reason: ret.reason,
      itemCount: lines.reduce((s, l) => s + l.quantity, 0),
      firstItem: { name: first?.productName ?? '', image: first?.productImage ?? null },
      amount: toNaira(ret.amountKobo),
      refunded: toNaira(ret.refundedKobo),
      createdAt: ret.createdAt.toISOString(),
      deadline: deadlineOf(ret, audience),
    };
    return { summary, parties, lines };
  }

  function deadlineOf(ret: Pick<ReturnRow, 'deadlineAt' | 'deadlineKind'>, audience: DeadlineAudience) {
    if (!ret.deadlineAt) return null;
    const label = deadlineLabel(ret.deadlineKind, ret.deadlineAt, audience);
    return label ? { at: ret.deadlineAt.toISOString(), label } : null;
  }

  async function detailOf(
    q: Queryable,
    ret: ReturnRow,
    audience: DeadlineAudience,
  ): Promise<ReturnDetail & { storeName: string; sellerId: string }> {
    const { summary, parties, lines } = await summaryParts(q, ret, audience);
    const events = await repo.events(q, ret.id);
    const photos = await photoViews(q, ret.id);
    const open = ret.status !== 'refunded' && ret.status !== 'rejected' && ret.status !== 'closed';
    const refundable = open ? await deps.refunds.refundableKobo(q, ret.orderId) : 0;
    const timeline: ReturnEvent[] = events.map((e) => ({
      _id: e.id,
      type: e.type,
      actor: e.actor,
      message: e.message,
      photos: photos.byEvent(e.id),
      createdAt: e.createdAt.toISOString(),
    }));
    return {
      ...summary,
      note: ret.note,
      photos: photos.all,
      lines: lines.map((l) => ({ orderLineId: l.orderLineId, ...lineView(l) })),
      method: ret.method,
      carrier: ret.carrier,
      trackingNumber: ret.trackingNumber,
      labelUrl: ret.labelUrl,
      rejectionReason: ret.rejectionReason,
      refundable: toNaira(refundable),
      timeline,
      allowedActions: sellerActions({ status: ret.status, method: ret.method }),
      storeName: parties.storeName,
      sellerId: ret.sellerId,
    };
  }

  async function sellerView(q: Queryable, ret: ReturnRow): Promise<ReturnDetail> {
    const { storeName: _s, sellerId: _id, ...detail } = await detailOf(q, ret, 'seller');
    return detail;
  }

  async function buyerView(q: Queryable, ret: ReturnRow): Promise<BuyerReturn> {
    const { storeName, sellerId, allowedActions: _a, buyer: _b, ...detail } = await detailOf(q, ret, 'buyer');
    return {
      ...detail,
      store: { _id: sellerId, name: storeName },
      ...buyerAbilities({ status: ret.status, method: ret.method }),
    };
  }

  // ---- Loading with ownership: another's id answers like an unknown one ----

  async function lockForSeller(q: Queryable, sellerId: string, id: string) {
    const ret = await repo.lockReturn(q, id);
    if (!ret || ret.sellerId !== sellerId) throw new NotFoundError('Return');
    return ret;
  }
  async function lockForBuyer(q: Queryable, buyerId: string, id: string) {
    const ret = await repo.lockReturn(q, id);
    if (!ret || ret.buyerId !== buyerId) throw new NotFoundError('Return');
    return ret;
  }

  /** Checks and opens a return on `orderId` (locked by the caller); both sides' requests end here. */
  async function open(
    q: Queryable,
    ctx: OrderContext,
    request: {
      lines: { orderLineId: string; quantity: number }[];
      reason: ReturnReason;
      note: string;
      photoIds: string[];
    },
    by: Viewer,
    pushes: Pushes,
  ): Promise<ReturnRow> {
    const now = clock.now();
    const { reason, policy } = eligibility(ctx, now, by);
    if (reason) throw new ConflictError(reason);
    if (!policy.reasons.includes(request.reason)) {
      throw new BadRequestError(
        "reason: this seller's policy accepts returns of damaged items, wrong items or items not as described only",
      );
    }
    const existing = await repo.openReturnOf(q, ctx.order.id);
    if (existing) throw new ConflictError('A return is already open for this order');
    const available = new Map((await returnableLines(q, ctx.order.id)).map((l) => [l.line.id, l]));
    const seen = new Set<string>();
    let amountKobo = 0;
    const lines = request.lines.map((asked) => {
      const line = available.get(asked.orderLineId);
      if (!line || seen.has(asked.orderLineId))
        throw new BadRequestError('lines: choose items of this order, each once');
      seen.add(asked.orderLineId);
      if (asked.quantity > line.returnable) {
        throw new BadRequestError(
          line.returnable === 0
            ? `lines: ${line.line.productName} has already been returned`
            : `lines: at most ${line.returnable} of ${line.line.productName} can be returned`,
        );
      }
      amountKobo += line.line.unitPriceKobo * asked.quantity;
      return {
        orderLineId: line.line.id,
        productName: line.line.productName,
        productImage: line.line.productImage,
        variant: line.line.variant,
        unitPriceKobo: line.line.unitPriceKobo,
        quantity: asked.quantity,
      };
    });
    const number = (n: number) => formatOrderNumber(n).toLowerCase();
    const ret = await repo.insertReturn(q, {
      sellerId: ctx.order.sellerId,
      buyerId: ctx.order.buyerId,
      orderId: ctx.order.id,
      status: 'requested',
      reason: request.reason,
      note: request.note,
      openedBy: by,
      amountKobo,
      searchText: '',
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertLines(q, ret.id, lines);
    const searchText = [
      formatReturnNumber(ret.number),
      number(ctx.order.number),
      ctx.buyerName,
      ...lines.map((l) => l.productName),
    ]
      .join(' ')
      .toLowerCase();
    const eventId = await repo.insertEvent(q, {
      returnId: ret.id,
      type: by === 'buyer' ? 'requested' : 'created',
      actor: by,
      message:
        request.note || (by === 'buyer' ? 'The buyer asked to return items' : 'The seller opened a return'),
      data: { reason: request.reason },
      createdAt: now,
    });
    if (request.photoIds.length > 0) {
      const attached = await repo.attachPhotos(q, request.photoIds, {
        buyerId: ctx.order.buyerId,
        returnId: ret.id,
        eventId,
      });
      if (attached !== new Set(request.photoIds).size)
        throw new BadRequestError('photoIds: upload each photo with POST /api/buyer/returns/photos first');
    }
    const deadline = await startDeadline(
      q,
      ret,
      { kind: 'seller_answer', businessDays: RETURN_DEADLINES.sellerAnswerBusinessDays },
      now,
    );
    await repo.updateReturn(q, ret.id, { searchText, ...deadline });
    const created: ReturnRow = { ...ret, searchText, ...deadline };
    const { context } = await noticeContext(q, created);
    await notify(
      q,
      created,
      sellerNotice(by === 'buyer' ? 'return_request' : 'return_created', context),
      pushes,
    );
    await mailBuyer(q, created, 'requested', {});
    return created;
  }

  /** A deadline job: acts only if the return still waits on that deadline and it has passed. */
  async function onDeadline(
    returnId: string,
    kind: ReturnRow['deadlineKind'],
    act: (tx: Queryable, ret: ReturnRow, pushes: Pushes) => Promise<void>,
  ) {
    await inTransaction(async (tx, pushes) => {
      const ret = await repo.lockReturn(tx, returnId);
      if (!ret || ret.deadlineKind !== kind || !ret.deadlineAt || ret.deadlineAt > clock.now()) return;
      await act(tx, ret, pushes);
    });
  }

  const tasks = {
    /**
     * A photo still unattached when its time is up: its file is removed, then its row, under the
     * row's lock, so a request attaching it at that moment either took it first (nothing is
     * removed) or finds it gone. Run twice, the second run finds no row.
     */
    async forgetPhoto(photoId: string) {
      await repo.transaction(async (tx) => {
        const photo = await repo.lockUnattachedPhoto(tx, photoId);
        if (!photo) return;
        await deps.deleteFiles([photo.storageKey]);
        await repo.deletePhoto(tx, photoId);
      });
    },

    /** One business day in: the seller is reminded (notification and e-mail) once. */
    async reminder(returnId: string) {
      await inTransaction(async (tx, pushes) => {
        const ret = await repo.lockReturn(tx, returnId);
        if (ret?.status !== 'requested' || ret.deadlineKind !== 'seller_answer') return;
        const { context, parties } = await noticeContext(tx, ret);
        await notify(tx, ret, reminderNotice(context), pushes);
        // The seller may have turned return e-mails off in Settings; the in-app notice above asks too.
        if (await sellerWants(tx, ret.sellerId, 'returns', 'email')) {
          await deps.sendMail(tx, sellerReminderMail(context, parties.sellerEmail, sellerLink(ret.id)));
        }
      });
    },
    async answer(returnId: string) {
      await onDeadline(returnId, 'seller_answer', async (tx, ret, pushes) => {
        if (ret.status !== 'requested') return;
        await step(tx, ret, { type: 'approve', method: 'drop_off', automatic: true }, 'system', pushes, {
          changes: { method: 'drop_off' },
        });
      });
    },
    async ship(returnId: string) {
      await onDeadline(returnId, 'buyer_ship', async (tx, ret, pushes) => {
        if (ret.status !== 'approved') return;
        await step(tx, ret, { type: 'ship_deadline_passed' }, 'system', pushes);
      });
    },
    async receipt(returnId: string) {
      await onDeadline(returnId, 'seller_receipt', async (tx, ret, pushes) => {
        if (ret.status !== 'in_transit') return;
        const refundable = await deps.refunds.refundableKobo(tx, ret.orderId);
        const amountKobo = Math.min(ret.amountKobo, refundable);
        if (amountKobo <= 0) return;
        await step(
          tx,
          ret,
          { type: 'refund', amountKobo, returnAmountKobo: ret.amountKobo, automatic: true },
          'system',
          pushes,
          { note: `Return ${formatReturnNumber(ret.number)}: receipt not confirmed in time` },
        );
      });
    },
  };

  const openReturns: OpenReturnsPort = { hasOpenReturn: (q, orderId) => repo.hasOpenReturn(q, orderId) };

  return {
    openReturns,
    tasks,

    // ---- Seller ----

    async list(sellerId: string, query: z.output<typeof sellerReturnsQuery>): Promise<SellerReturnsResponse> {
      const search = query.search ? query.search.toLowerCase() : null;
      const statuses = {
        requested: ['requested', 'info_needed'],
        in_progress: ['approved', 'in_transit', 'received'],
        refunded: ['refunded'],
        rejected: ['rejected', 'closed'],
        all: null,
      } as const;
      const [{ rows, total }, counts] = await Promise.all([
        repo.page(repo.db, sellerId, {
          statuses: statuses[query.tab] ? [...(statuses[query.tab] ?? [])] : null,
          search,
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        }),
        repo.statusCounts(repo.db, sellerId, search),
      ]);
      const sum = (list: readonly string[]) =>
        list.reduce((s, st) => s + (counts.get(st as ReturnRow['status']) ?? 0), 0);
      return {
        returns: rows.map(({ ret, orderNumber, buyerName, itemCount, firstName, firstImage }) => ({
          _id: ret.id,
          number: formatReturnNumber(ret.number),
          order: { _id: ret.orderId, number: formatOrderNumber(orderNumber) },
          buyer: { _id: ret.buyerId, name: buyerName },
          status: ret.status,
          reason: ret.reason,
          itemCount: Number(itemCount),
          firstItem: { name: firstName ?? '', image: firstImage ?? null },
          amount: toNaira(ret.amountKobo),
          refunded: toNaira(ret.refundedKobo),
          createdAt: ret.createdAt.toISOString(),
          deadline: deadlineOf(ret, 'seller'),
        })),
        counts: {
          requested: sum(statuses.requested),
          in_progress: sum(statuses.in_progress),
          refunded: sum(statuses.refunded),
          rejected: sum(statuses.rejected),
          all: [...counts.values()].reduce((a, b) => a + b, 0),
        },
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
        },
      };
    },

    async get(sellerId: string, id: string): Promise<ReturnDetail> {
      const ret = await repo.byId(repo.db, id);
      if (!ret || ret.sellerId !== sellerId) throw new NotFoundError('Return');
      return sellerView(repo.db, ret);
    },

    async act(
      sellerId: string,
      id: string,
      body: SellerReturnActionBody,
    ): Promise<{ message: string; return: ReturnDetail }> {
      return inTransaction(async (tx, pushes) => {
        const ret = await lockForSeller(tx, sellerId, id);
        let updated: ReturnRow;
        let message: string;
        switch (body.action) {
          case 'request_info':
            updated = await step(tx, ret, { type: 'request_info', message: body.message }, 'seller', pushes);
            message = 'Your question was sent to the buyer';
            break;
          case 'approve':
            updated = await step(tx, ret, { type: 'approve', method: body.method }, 'seller', pushes, {
              changes: {
                carrier: body.carrier ?? null,
                trackingNumber: body.trackingNumber ?? null,
                labelUrl: body.labelUrl ?? null,
              },
              note: body.message ?? '',
            });
            message = 'Return approved';
            break;
          case 'reject':
            updated = await step(tx, ret, { type: 'reject', reason: body.reason }, 'seller', pushes, {
              changes: { rejectionReason: body.reason },
            });
            message = 'Return rejected';
            break;
          case 'mark_received':
            updated = await step(tx, ret, { type: 'mark_received' }, 'seller', pushes);
            message = 'Marked as received';
            break;
          case 'refund': {
            const amountKobo = toKobo(body.amount);
            updated = await step(
              tx,
              ret,
              { type: 'refund', amountKobo, returnAmountKobo: ret.amountKobo },
              'seller',
              pushes,
              { note: body.message ?? '' },
            );
            message = `${nairaText(amountKobo)} refunded to the buyer`;
            break;
          }
        }
        return { message, return: await sellerView(tx, updated) };
      });
    },

    async sellerMessage(
      sellerId: string,
      id: string,
      body: z.output<typeof returnMessageBody>,
    ): Promise<ReturnDetail> {
      if (body.photoIds.length > 0) throw new BadRequestError('photoIds: photos are attached by the buyer');
      return inTransaction(async (tx) => {
        const ret = await lockForSeller(tx, sellerId, id);
        if (ret.status === 'refunded' || ret.status === 'rejected' || ret.status === 'closed')
          throw new ConflictError('This return is closed');
        const now = clock.now();
        await repo.insertEvent(tx, {
          returnId: ret.id,
          type: 'message',
          actor: 'seller',
          message: body.message,
          createdAt: now,
        });
        await repo.updateReturn(tx, ret.id, { updatedAt: now });
        await mailBuyer(tx, ret, 'message', { message: body.message });
        return sellerView(tx, ret);
      });
    },

    async openForBuyer(
      sellerId: string,
      orderId: string,
      body: z.output<typeof sellerOpenReturnBody>,
    ): Promise<ReturnDetail> {
      return inTransaction(async (tx, pushes) => {
        const ctx = await repo.lockOrder(tx, orderId);
        if (!ctx || ctx.order.sellerId !== sellerId) throw new NotFoundError('Order');
        const ret = await open(tx, ctx, { ...body, photoIds: [] }, 'seller', pushes);
        return sellerView(tx, ret);
      });
    },

    // ---- Buyer ----

    async options(buyerId: string, orderId: string): Promise<BuyerReturnOptionsResponse> {
      const ctx = await repo.orderContext(repo.db, orderId);
      if (!ctx || ctx.order.buyerId !== buyerId) throw new NotFoundError('Order');
      const { reason, windowEndsAt, policy } = eligibility(ctx, clock.now(), 'buyer');
      const lines = await returnableLines(repo.db, orderId);
      const openReturnId = await repo.openReturnOf(repo.db, orderId);
      const nothingLeft = lines.every((l) => l.returnable === 0);
      const why =
        reason ??
        (openReturnId
          ? 'A return is already open for this order'
          : nothingLeft
            ? 'Every item has been returned'
            : null);
      return {
        eligible: why === null,
        reason: why,
        windowEndsAt: windowEndsAt?.toISOString() ?? null,
        reasons: policy.reasons,
        policy: policy.text,
        lines: lines.map(({ line, returnable }) => ({
          orderLineId: line.id,
          ...lineView(line),
          returnableQuantity: returnable,
        })),
        openReturnId,
      };
    },

    async request(buyerId: string, body: z.output<typeof buyerReturnBody>): Promise<BuyerReturn> {
      return inTransaction(async (tx, pushes) => {
        const ctx = await repo.lockOrder(tx, body.orderId);
        if (!ctx || ctx.order.buyerId !== buyerId) throw new NotFoundError('Order');
        const ret = await open(tx, ctx, body, 'buyer', pushes);
        return buyerView(tx, ret);
      });
    },

    async getForBuyer(buyerId: string, id: string): Promise<BuyerReturn> {
      const ret = await repo.byId(repo.db, id);
      if (!ret || ret.buyerId !== buyerId) throw new NotFoundError('Return');
      return buyerView(repo.db, ret);
    },

    /** The buyer writes in the thread; an answer to the seller's question puts the request back to them. */
    async buyerMessage(
      buyerId: string,
      id: string,
      body: z.output<typeof returnMessageBody>,
    ): Promise<BuyerReturn> {
      return inTransaction(async (tx, pushes) => {
        let ret = await lockForBuyer(tx, buyerId, id);
        if (ret.status === 'refunded' || ret.status === 'rejected' || ret.status === 'closed')
          throw new ConflictError('This return is closed');
        const now = clock.now();
        const eventId = await repo.insertEvent(tx, {
          returnId: ret.id,
          type: 'message',
          actor: 'buyer',
          message: body.message,
          createdAt: now,
        });
        if (body.photoIds.length > 0) {
          const attached = await repo.attachPhotos(tx, body.photoIds, { buyerId, returnId: ret.id, eventId });
          if (attached !== new Set(body.photoIds).size)
            throw new BadRequestError(
              'photoIds: upload each photo with POST /api/buyer/returns/photos first',
            );
        }
        if (ret.status === 'info_needed')
          ret = await step(tx, ret, { type: 'buyer_replied' }, 'buyer', pushes);
        else await repo.updateReturn(tx, ret.id, { updatedAt: now });
        const { context } = await noticeContext(tx, ret);
        await notify(
          tx,
          ret,
          {
            type: 'return_request',
            title: `Buyer replied on ${formatReturnNumber(ret.number)}`,
            message: `${context.buyerName} wrote on ${formatReturnNumber(ret.number)} (${formatOrderNumber(context.orderNumber)}): ${body.message.slice(0, 140)}`,
          },
          pushes,
        );
        return buyerView(tx, ret);
      });
    },

    async shippedBack(
      buyerId: string,
      id: string,
      body: { carrier?: string | undefined; trackingNumber?: string | undefined },
    ): Promise<BuyerReturn> {
      return inTransaction(async (tx, pushes) => {
        const ret = await lockForBuyer(tx, buyerId, id);
        const updated = await step(tx, ret, { type: 'shipped_back' }, 'buyer', pushes, {
          changes: {
            ...(body.carrier ? { carrier: body.carrier } : {}),
            ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
          },
        });
        return buyerView(tx, updated);
      });
    },

    async withdraw(buyerId: string, id: string): Promise<BuyerReturn> {
      return inTransaction(async (tx, pushes) => {
        const ret = await lockForBuyer(tx, buyerId, id);
        return buyerView(tx, await step(tx, ret, { type: 'withdraw' }, 'buyer', pushes));
      });
    },

    async savePhoto(buyerId: string, storageKey: string, id: string): Promise<ReturnPhoto> {
      const createdAt = clock.now();
      await repo.transaction(async (tx) => {
        await repo.insertPhoto(tx, { id, buyerId, storageKey, createdAt });
        // Forgotten later unless a request or a message takes it first (tasks.forgetPhoto).
        await jobs.add(
          tx,
          RETURN_TASKS.forgetPhoto,
          { photoId: id },
          { runAt: new Date(createdAt.getTime() + UNATTACHED_PHOTO_TTL_MS), jobKey: `return-photo:${id}` },
        );
      });
      return { _id: id, url: deps.photos.urlOf(id) };
    },

    /** The storage key of a photo, for a link the server signed. */
    async photoKey(id: string): Promise<string | null> {
      return (await repo.photo(repo.db, id))?.storageKey ?? null;
    },
  };
}
export type ReturnsService = ReturnType<typeof returnsService>;
