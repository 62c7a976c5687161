import type { InboxItem, InboxResponse } from '@kasuwa/contracts';
import type { InboxItemRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { lagosDateTime } from '@/lib/lagos-time.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { AudienceRepository } from '@/modules/audience/audience.repository.ts';

/** Where a stored campaign image is served from (audience.routes.ts). */
export const campaignImageUrl = (key: string | null) => (key ? `/api/media/campaigns/${key}` : null);

export function toInboxItemView(row: InboxItemRow, storeName: string): InboxItem {
  return {
    _id: row.id,
    kind: row.kind,
    seller: { _id: row.sellerId, storeName },
    title: row.title,
    message: row.message,
    imageUrl: campaignImageUrl(row.image),
    link: row.link,
    linkLabel: row.linkLabel,
    couponCode: row.couponCode,
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    clickedAt: row.clickedAt?.toISOString() ?? null,
  };
}

/** What the orders module tells the inbox of an unpaid auction win's payment reminder. */
export type PaymentReminderNotice = {
  orderId: string;
  orderNumber: string;
  buyerId: string;
  sellerId: string;
  kind: 'half' | 'last';
  totalText: string;
  dueAt: Date;
};

/**
 * The buyer's Updates inbox: their list, opening and clicking an item, and the notices other
 * modules put in it (show announcements to followers, payment reminders). Each notice has a
 * dedupe key, so a job that runs twice delivers once.
 */
export function inboxService(deps: { repo: AudienceRepository; clock: Clock }) {
  const { repo, clock } = deps;

  async function mark(buyerId: string, id: string, what: 'open' | 'click') {
    const found = await repo.markItem(repo.db, buyerId, id, what, clock.now());
    if (!found) throw new NotFoundError('Update');
    return { item: toInboxItemView(found.item, found.storeName) };
  }

  return {
    async list(buyerId: string, query: { page: number; limit: number }): Promise<InboxResponse> {
      const offset = (query.page - 1) * query.limit;
      const [rows, unreadCount] = await Promise.all([
        repo.inboxPage(repo.db, buyerId, offset, query.limit + 1),
        repo.unreadCount(repo.db, buyerId),
      ]);
      return {
        items: rows.slice(0, query.limit).map((r) => toInboxItemView(r.item, r.storeName)),
        unreadCount,
        pagination: { currentPage: query.page, hasMore: rows.length > query.limit },
      };
    },

    unread: async (buyerId: string) => ({ unreadCount: await repo.unreadCount(repo.db, buyerId) }),
    open: (buyerId: string, id: string) => mark(buyerId, id, 'open'),
    click: (buyerId: string, id: string) => mark(buyerId, id, 'click'),

    /** A followed seller scheduled or started a show: every follower (not blocking the store) is told. */
    async showNotice(streamId: string, kind: 'scheduled' | 'started'): Promise<number> {
      const stream = await repo.stream(repo.db, streamId);
      if (!stream) return 0;
      // A job run late: a show no longer scheduled is not announced as scheduled, nor one never started.
      if (kind === 'scheduled' && stream.status !== 'scheduled') return 0;
      if (kind === 'started' && stream.status === 'scheduled') return 0;
      const storeName = (await repo.storeName(repo.db, stream.sellerId)) ?? 'A store you follow';
      return repo.deliverToFollowers(repo.db, stream.sellerId, {
        sellerId: stream.sellerId,
        kind: kind === 'scheduled' ? 'show_scheduled' : 'show_started',
        dedupeKey: `show:${stream.id}:${kind}`,
        title: kind === 'scheduled' ? `${storeName} scheduled a show` : `${storeName} is live now`,
        message:
          kind === 'scheduled'
            ? `"${stream.title}" starts ${lagosDateTime(stream.scheduledStartTime)} (Lagos time).`
            : `"${stream.title}" has started. Join to bid and buy.`,
        link: `/watch/${stream.id}`,
        linkLabel: kind === 'scheduled' ? 'See the show' : 'Watch now',
        createdAt: clock.now(),
      });
    },

    /** An unpaid auction win's reminder also waits in the buyer's inbox, in the reminder's transaction. */
    async paymentReminder(q: Queryable, notice: PaymentReminderNotice): Promise<void> {
      await repo.deliver(q, [notice.buyerId], {
        sellerId: notice.sellerId,
        kind: 'payment_reminder',
        dedupeKey: `order:${notice.orderId}:payment-reminder:${notice.kind}`,
        title: `Pay for order ${notice.orderNumber}`,
        message: `You won items worth ${notice.totalText}. Pay before ${lagosDateTime(notice.dueAt)} (Lagos time) or the order is cancelled.`,
        link: `/checkout/${notice.orderId}`,
        linkLabel: 'Pay now',
        createdAt: clock.now(),
      });
    },
  };
}
export type InboxService = ReturnType<typeof inboxService>;
