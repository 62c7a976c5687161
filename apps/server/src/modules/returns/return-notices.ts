import {
  formatOrderNumber,
  formatReturnNumber,
  type NotificationType,
  RETURN_METHOD_LABELS,
  RETURN_REASON_LABELS,
  type ReturnMethod,
  type ReturnReason,
} from '@kasuwa/contracts';
import { nairaText } from '@/lib/naira.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { BuyerMail } from '@/modules/returns/return-machine.ts';

/**
 * The words of a return's notices: the seller's notification for each step (naming the return and
 * its order) and the e-mail the buyer gets with a link to the return's page.
 */

export type ReturnNoticeContext = {
  returnNumber: number;
  orderNumber: number;
  buyerName: string;
  storeName: string;
  reason: ReturnReason;
  method: ReturnMethod | null;
  carrier: string | null;
  trackingNumber: string | null;
  labelUrl: string | null;
  rejectionReason: string | null;
  /** The refund of this step, kobo. */
  refundKobo: number;
  amountKobo: number;
  message: string;
  /** The next deadline as the seller reads it (their reminders). */
  deadlineText: string | null;
  /** The same deadline as the buyer reads it (their mails). */
  buyerDeadlineText: string | null;
};

export type SellerNotice = { type: NotificationType; title: string; message: string };

const names = (c: ReturnNoticeContext) => ({
  rtn: formatReturnNumber(c.returnNumber),
  ksw: formatOrderNumber(c.orderNumber),
});

export function sellerNotice(type: NotificationType, c: ReturnNoticeContext): SellerNotice {
  const { rtn, ksw } = names(c);
  const reason = RETURN_REASON_LABELS[c.reason].toLowerCase();
  switch (type) {
    case 'return_request':
      return {
        type,
        title: 'Return requested',
        message: `${c.buyerName} asked to return items of ${ksw} (${reason}): ${rtn}. Answer within 2 business days.`,
      };
    case 'return_created':
      return {
        type,
        title: 'Return created',
        message: `${rtn} was opened for ${c.buyerName} on ${ksw} (${reason}).`,
      };
    case 'return_info_needed':
      return {
        type,
        title: 'Return needs information',
        message: `You asked ${c.buyerName} about ${rtn} (${ksw}); it waits for their answer.`,
      };
    case 'return_approved':
      return {
        type,
        title: 'Return approved',
        message: `${rtn} (${ksw}) is approved: ${(c.method ? RETURN_METHOD_LABELS[c.method] : 'the item comes back').toLowerCase()}.`,
      };
    case 'return_rejected':
      return {
        type,
        title: 'Return rejected',
        message: `${rtn} (${ksw}) was rejected: ${c.rejectionReason ?? ''}`.trim(),
      };
    case 'return_pickup_arranged':
      return {
        type,
        title: 'Return pickup arranged',
        message: `A pickup${c.carrier ? ` with ${c.carrier}` : ''} is arranged for ${rtn} (${ksw}) from ${c.buyerName}.`,
      };
    case 'return_label_created':
      return {
        type,
        title: 'Return label created',
        message: `A return label${c.carrier ? ` (${c.carrier})` : ''} was sent to ${c.buyerName} for ${rtn} (${ksw}).`,
      };
    case 'return_partial_refund':
      return {
        type,
        title: 'Partial refund',
        message: `${c.buyerName} was refunded ${nairaText(c.refundKobo)} of ${nairaText(c.amountKobo)} on ${rtn} (${ksw}).`,
      };
    default:
      return { type, title: `Return ${rtn} updated`, message: `${rtn} (${ksw}): ${c.message}` };
  }
}

/** The reminder of a request the seller has not answered (one business day before it is approved). */
export function reminderNotice(c: ReturnNoticeContext): SellerNotice {
  const { rtn, ksw } = names(c);
  return {
    type: 'return_request',
    title: 'Return waiting for your answer',
    message: `${rtn} from ${c.buyerName} (${ksw}) is still waiting. ${c.deadlineText ?? ''}`.trim(),
  };
}

export function sellerReminderMail(c: ReturnNoticeContext, to: string, link: string): Mail {
  const { rtn, ksw } = names(c);
  return {
    to,
    subject: `Reminder: answer return ${rtn} (${ksw})`,
    text: [
      `${c.buyerName} asked to return items of ${ksw} (${RETURN_REASON_LABELS[c.reason].toLowerCase()}).`,
      c.deadlineText ?? '',
      '',
      `Answer it here: ${link}`,
    ].join('\n'),
  };
}

const BUYER_SUBJECT: Record<BuyerMail | 'requested' | 'message', (rtn: string, store: string) => string> = {
  requested: (rtn, store) => `Your return ${rtn} was sent to ${store}`,
  info_needed: (rtn, store) => `${store} has a question about your return ${rtn}`,
  approved: (rtn) => `Your return ${rtn} is approved`,
  rejected: (rtn) => `Your return ${rtn} was not accepted`,
  refunded: (rtn) => `You have been refunded for return ${rtn}`,
  partially_refunded: (rtn) => `You have been partly refunded for return ${rtn}`,
  closed: (rtn) => `Your return ${rtn} is closed`,
  received: (rtn, store) => `${store} received your return ${rtn}`,
  message: (rtn, store) => `${store} wrote about your return ${rtn}`,
};

export type BuyerMailKind = BuyerMail | 'requested' | 'message';

function buyerBody(kind: BuyerMailKind, c: ReturnNoticeContext): string[] {
  const { rtn } = names(c);
  switch (kind) {
    case 'requested':
      return [`${c.storeName} has your request and answers within 2 business days.`];
    case 'info_needed':
      return [`${c.storeName} asks:`, `"${c.message}"`, 'Reply on the return page so they can decide.'];
    case 'approved': {
      const how =
        c.method === 'pickup'
          ? `A courier${c.carrier ? ` from ${c.carrier}` : ''} will pick the item up.`
          : c.method === 'label'
            ? `Use the return label${c.labelUrl ? `: ${c.labelUrl}` : ' on the return page'}.`
            : c.method === 'keep_item'
              ? 'You can keep the item; your refund follows.'
              : 'Send the item back to the seller and mark it sent on the return page.';
      return [
        `${c.storeName} approved your return ${rtn}.`,
        how,
        ...(c.trackingNumber ? [`Tracking number: ${c.trackingNumber}`] : []),
        ...(c.buyerDeadlineText ? [c.buyerDeadlineText] : []),
      ];
    }
    case 'rejected':
      return [`${c.storeName} did not accept your return ${rtn}.`, `Reason: ${c.rejectionReason ?? ''}`];
    case 'refunded':
    case 'partially_refunded':
      return [
        `${nairaText(c.refundKobo)} is on its way back to the card or account you paid with.`,
        'Banks can take up to 10 business days to show it.',
      ];
    case 'closed':
      return ['The item was not sent back in time, so the return is closed.'];
    case 'received':
      return [`${c.storeName} received the item; your refund follows.`];
    case 'message':
      return [`"${c.message}"`];
  }
}

export function buyerMail(kind: BuyerMailKind, c: ReturnNoticeContext, to: string, link: string): Mail {
  const { rtn, ksw } = names(c);
  return {
    to,
    subject: BUYER_SUBJECT[kind](rtn, c.storeName),
    text: [
      `Hello ${c.buyerName},`,
      '',
      ...buyerBody(kind, c),
      '',
      `Return ${rtn} for order ${ksw}: ${link}`,
    ].join('\n'),
  };
}
