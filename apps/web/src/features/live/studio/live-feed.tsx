import { Gavel, Trophy } from 'lucide-react';
import { memo, type ReactNode, useMemo } from 'react';
import { type ChatItem, ChatMessage, chatItems, useStickToBottom } from '@/features/live-room/chat';
import type { FeedItem } from '@/features/live-room/live-room';
import { formatNaira } from '@/lib/money';

/**
 * Live comments and the seller's announcements. Memoised, row by row too: on a busy show bids and
 * comments arrive many times a second, and a bid must not redraw 200 comments (issue 20, INP).
 */
export const CommentList = memo(function CommentList({
  items,
  removed,
  actions,
}: {
  items: FeedItem[];
  /** issue 21: comments removed by a moderator or the seller. */
  removed?: ReadonlySet<string>;
  /** issue 21: the seller's menu on each comment. */
  actions?: (item: ChatItem) => ReactNode;
}) {
  const messages = useMemo(() => chatItems(items).filter((m) => !removed?.has(m.id)), [items, removed]);
  const ref = useStickToBottom(messages.length);
  if (messages.length === 0) {
    return (
      <p className="p-4 text-ink-muted text-sm">
        No comments yet. Viewers' comments appear here as they arrive.
      </p>
    );
  }
  return (
    <ol
      ref={ref}
      aria-label="Comments"
      aria-live="polite"
      className="flex flex-1 flex-col gap-2 overflow-y-auto p-3"
    >
      {messages.map((item) => (
        <CommentRow key={item.id} item={item} actions={actions} />
      ))}
    </ol>
  );
});

const CommentRow = memo(function CommentRow({
  item,
  actions,
}: {
  item: ChatItem;
  actions: ((item: ChatItem) => ReactNode) | undefined;
}) {
  return <ChatMessage item={item} labelAnnouncement actions={actions?.(item)} />;
});

/** Bids and winners as they happen (stream_notification new_bid and auction_winner). */
export const BidFeed = memo(function BidFeed({
  items,
  productName,
}: {
  items: FeedItem[];
  productName: (id: string) => string;
}) {
  const bids = useMemo(() => items.filter((i) => i.kind === 'bid' || i.kind === 'winner'), [items]);
  const ref = useStickToBottom(bids.length);
  if (bids.length === 0) {
    return <p className="p-4 text-ink-muted text-sm">No bids yet. Activate bidding on a product to start.</p>;
  }
  return (
    <ol ref={ref} aria-label="Bids" className="flex flex-1 flex-col gap-2 overflow-y-auto p-3">
      {bids.map((item) =>
        item.kind === 'winner' ? (
          <li
            key={item.id}
            className="flex gap-2 rounded-control bg-amber-50 px-3 py-2 text-amber-900 text-sm"
          >
            <Trophy className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-semibold">{item.buyer.name}</span> won {productName(item.key)} for{' '}
              <span className="font-semibold">{formatNaira(item.amount)}</span>
            </span>
          </li>
        ) : item.kind === 'bid' ? (
          <li key={item.id} className="flex gap-2 text-sm">
            <Gavel className="mt-0.5 size-4 shrink-0 text-ink-subtle" aria-hidden />
            <span>
              <span className="font-semibold text-ink">{item.bidder.name}</span>{' '}
              <span className="text-ink-muted">bid</span>{' '}
              <span className="font-semibold">{formatNaira(item.amount)}</span>{' '}
              <span className="text-ink-muted">on {productName(item.key)}</span>
            </span>
          </li>
        ) : null,
      )}
    </ol>
  );
});
