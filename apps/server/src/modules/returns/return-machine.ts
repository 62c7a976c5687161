import {
  type NotificationType,
  RETURN_BUYER_SHIP_DAYS,
  RETURN_SELLER_ANSWER_BUSINESS_DAYS,
  RETURN_SELLER_RECEIPT_DAYS,
  type ReturnMethod,
  type ReturnStatus,
  type SellerReturnAction,
} from '@kasuwa/contracts';
import { nairaText } from '@/lib/naira.ts';

/**
 * The return machine (docs/returns.md): what each event does to a return in each state. Pure — no
 * clock, no database — so its rules are tested over random sequences (return-machine.property.test.ts)
 * and returns.service.ts only carries out what it answers, in one transaction per step.
 */

export type ReturnMachineState = { status: ReturnStatus; method: ReturnMethod | null };

/** The deadlines of a return; the service turns them into job keys (`return:<id>:<job>`). */
export type ReturnJob = 'answer-reminder' | 'answer' | 'ship' | 'receipt';

export type ReturnMachineEvent =
  | { type: 'request_info'; message: string }
  /** The buyer wrote in the thread while the seller waited for an answer. */
  | { type: 'buyer_replied' }
  | { type: 'approve'; method: ReturnMethod; automatic?: boolean }
  | { type: 'reject'; reason: string }
  | { type: 'shipped_back' }
  | { type: 'mark_received' }
  /** `returnAmountKobo`: what the returned items cost; less than that is a partial refund. */
  | { type: 'refund'; amountKobo: number; returnAmountKobo: number; automatic?: boolean }
  | { type: 'withdraw' }
  | { type: 'ship_deadline_passed' };

/** Who must act next and by when; the service turns the duration into a date. */
export type DeadlineStart =
  | { kind: 'seller_answer'; businessDays: number }
  | { kind: 'buyer_ship'; days: number }
  | { kind: 'seller_receipt'; days: number };

export type BuyerMail =
  | 'info_needed'
  | 'approved'
  | 'rejected'
  | 'refunded'
  | 'partially_refunded'
  | 'closed'
  | 'received';

export type ReturnEffect =
  | { type: 'notify'; notification: NotificationType }
  | { type: 'mailBuyer'; mail: BuyerMail }
  | { type: 'removeJobs'; jobs: ReturnJob[] }
  | { type: 'deadline'; deadline: DeadlineStart | null }
  | { type: 'refund'; amountKobo: number };

export type ReturnTimelineEntry = { type: string; message: string };

export type ReturnTransition =
  | { ok: true; state: ReturnMachineState; effects: ReturnEffect[]; timeline: ReturnTimelineEntry }
  | { ok: false; message: string };

/** TikTok Shop's deadlines (contracts): the seller is reminded a business day before the automatic approval. */
export const RETURN_DEADLINES = {
  sellerAnswerBusinessDays: RETURN_SELLER_ANSWER_BUSINESS_DAYS,
  sellerReminderBusinessDays: RETURN_SELLER_ANSWER_BUSINESS_DAYS - 1,
  buyerShipDays: RETURN_BUYER_SHIP_DAYS,
  sellerReceiptDays: RETURN_SELLER_RECEIPT_DAYS,
} as const;

const ALL_JOBS: ReturnJob[] = ['answer-reminder', 'answer', 'ship', 'receipt'];
const OPEN = new Set<ReturnStatus>(['requested', 'info_needed', 'approved', 'in_transit', 'received']);

export const isOpenReturn = (status: ReturnStatus) => OPEN.has(status);

const refuse = (message: string): ReturnTransition => ({ ok: false, message });
const accept = (
  state: ReturnMachineState,
  changes: Partial<ReturnMachineState>,
  timeline: ReturnTimelineEntry,
  effects: ReturnEffect[],
): ReturnTransition => ({ ok: true, state: { ...state, ...changes }, effects, timeline });

const METHOD_WORDS: Record<ReturnMethod, string> = {
  pickup: 'a courier picks the item up',
  label: 'the buyer sends it back with a prepaid label',
  drop_off: 'the buyer sends it back',
  keep_item: 'the buyer keeps the item and is refunded',
};

/** The item must come back before a refund, unless the seller let the buyer keep it. */
const awaitsRefund = (s: ReturnMachineState) =>
  s.status === 'received' || (s.status === 'approved' && s.method === 'keep_item');

export function transition(state: ReturnMachineState, event: ReturnMachineEvent): ReturnTransition {
  const s = state.status;
  const answering = s === 'requested' || s === 'info_needed';

  switch (event.type) {
    case 'request_info': {
      if (!answering) return refuse('Questions can only be asked before the return is answered');
      return accept(state, { status: 'info_needed' }, { type: 'info_requested', message: event.message }, [
        // The seller's clock stops while the buyer is asked; it starts again on the answer.
        { type: 'removeJobs', jobs: ['answer-reminder', 'answer'] },
        { type: 'deadline', deadline: null },
        { type: 'notify', notification: 'return_info_needed' },
        { type: 'mailBuyer', mail: 'info_needed' },
      ]);
    }

    case 'buyer_replied': {
      if (s !== 'info_needed') return refuse('The seller has not asked anything');
      return accept(
        state,
        { status: 'requested' },
        { type: 'info_provided', message: 'The buyer answered' },
        [
          {
            type: 'deadline',
            deadline: { kind: 'seller_answer', businessDays: RETURN_DEADLINES.sellerAnswerBusinessDays },
          },
        ],
      );
    }

    case 'approve': {
      if (event.automatic ? s !== 'requested' : !answering)
        return refuse('Only a return waiting for an answer can be approved');
      const notifications: ReturnEffect[] = [{ type: 'notify', notification: 'return_approved' }];
      if (event.method === 'pickup')
        notifications.push({ type: 'notify', notification: 'return_pickup_arranged' });
      if (event.method === 'label')
        notifications.push({ type: 'notify', notification: 'return_label_created' });
      return accept(
        state,
        { status: 'approved', method: event.method },
        {
          type: 'approved',
          message: event.automatic
            ? `Approved automatically: the seller did not answer in time; ${METHOD_WORDS[event.method]}`
            : `Approved: ${METHOD_WORDS[event.method]}`,
        },
        [
          { type: 'removeJobs', jobs: ['answer-reminder', 'answer'] },
          {
            type: 'deadline',
            deadline:
              event.method === 'keep_item'
                ? null
                : { kind: 'buyer_ship', days: RETURN_DEADLINES.buyerShipDays },
          },
          ...notifications,
          { type: 'mailBuyer', mail: 'approved' },
        ],
      );
    }

    case 'reject': {
      if (!answering) return refuse('Only a return waiting for an answer can be rejected');
      return accept(
        state,
        { status: 'rejected' },
        { type: 'rejected', message: `Rejected: ${event.reason}` },
        [
          { type: 'removeJobs', jobs: ALL_JOBS },
          { type: 'deadline', deadline: null },
          { type: 'notify', notification: 'return_rejected' },
          { type: 'mailBuyer', mail: 'rejected' },
        ],
      );
    }

    case 'shipped_back': {
      if (s !== 'approved' || state.method === 'keep_item')
        return refuse('Only an approved return the buyer sends back can be marked shipped');
      return accept(
        state,
        { status: 'in_transit' },
        { type: 'shipped_back', message: 'The buyer sent the item back' },
        [
          { type: 'removeJobs', jobs: ['ship'] },
          {
            type: 'deadline',
            deadline: { kind: 'seller_receipt', days: RETURN_DEADLINES.sellerReceiptDays },
          },
        ],
      );
    }

    case 'mark_received': {
      // A courier's pickup can arrive before the buyer marks anything: approved is enough.
      if (!(s === 'in_transit' || (s === 'approved' && state.method !== 'keep_item')))
        return refuse('Only a return on its way back can be marked received');
      return accept(
        state,
        { status: 'received' },
        { type: 'received', message: 'The seller received the item' },
        [
          { type: 'removeJobs', jobs: ['ship', 'receipt'] },
          { type: 'deadline', deadline: null },
          { type: 'mailBuyer', mail: 'received' },
        ],
      );
    }

    case 'refund': {
      const auto = event.automatic === true;
      if (auto ? s !== 'in_transit' : !awaitsRefund(state)) {
        return refuse(
          s === 'approved' || s === 'in_transit'
            ? 'Mark the item received before refunding'
            : 'This return cannot be refunded now',
        );
      }
      if (!Number.isInteger(event.amountKobo) || event.amountKobo <= 0)
        return refuse('Enter an amount above zero');
      const partial = event.amountKobo < event.returnAmountKobo;
      const amount = nairaText(event.amountKobo);
      return accept(
        state,
        { status: 'refunded' },
        {
          type: 'refunded',
          message: auto
            ? `Refunded ${amount} automatically: the seller did not confirm receipt in time`
            : partial
              ? `Partly refunded: ${amount}`
              : `Refunded ${amount}`,
        },
        [
          { type: 'refund', amountKobo: event.amountKobo },
          { type: 'removeJobs', jobs: ALL_JOBS },
          { type: 'deadline', deadline: null },
          ...(partial ? [{ type: 'notify', notification: 'return_partial_refund' } as const] : []),
          ...(auto ? [{ type: 'notify', notification: 'order_status_update' } as const] : []),
          { type: 'mailBuyer', mail: partial ? 'partially_refunded' : 'refunded' },
        ],
      );
    }

    case 'withdraw': {
      if (!(answering || (s === 'approved' && state.method !== 'keep_item')))
        return refuse('This return can no longer be withdrawn');
      return accept(
        state,
        { status: 'closed' },
        { type: 'withdrawn', message: 'The buyer withdrew the return' },
        [
          { type: 'removeJobs', jobs: ALL_JOBS },
          { type: 'deadline', deadline: null },
          { type: 'notify', notification: 'order_status_update' },
        ],
      );
    }

    case 'ship_deadline_passed': {
      if (s !== 'approved' || state.method === 'keep_item')
        return refuse('Nothing is waiting to be sent back');
      return accept(
        state,
        { status: 'closed' },
        { type: 'closed', message: 'Closed: the item was not sent back in time' },
        [
          { type: 'removeJobs', jobs: ALL_JOBS },
          { type: 'deadline', deadline: null },
          { type: 'mailBuyer', mail: 'closed' },
        ],
      );
    }
  }
}

/** One example event per seller action, to ask the machine whether the action is open. */
const ACTION_PROBES: Array<[SellerReturnAction, ReturnMachineEvent]> = [
  ['request_info', { type: 'request_info', message: 'probe' }],
  ['approve', { type: 'approve', method: 'drop_off' }],
  ['reject', { type: 'reject', reason: 'probe' }],
  ['mark_received', { type: 'mark_received' }],
  ['refund', { type: 'refund', amountKobo: 1, returnAmountKobo: 1 }],
];

export function sellerActions(state: ReturnMachineState): SellerReturnAction[] {
  return ACTION_PROBES.filter(([, e]) => transition(state, e).ok).map(([a]) => a);
}

/** What the buyer may do now. */
export function buyerAbilities(state: ReturnMachineState) {
  return {
    canShipBack: transition(state, { type: 'shipped_back' }).ok,
    canReply: isOpenReturn(state.status),
    canWithdraw: transition(state, { type: 'withdraw' }).ok,
  };
}
