import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import { BidFeed, CommentList } from '@/features/live/studio/live-feed';
import { MessageBox, type MessageBoxProps } from '@/features/live/studio/message-box';
import type { ChatItem } from '@/features/live-room/chat';
import type { FeedItem } from '@/features/live-room/live-room';
import { TabList } from '@/ui/tabs';

type Panel = 'products' | 'chat' | 'bids' | 'room';

/** Each tab's count: products, the chat's comments and announcements, and bids. */
export function panelCounts(productCount: number, feed: FeedItem[]): Record<Panel, number> {
  return {
    products: productCount,
    chat: feed.filter((f) => f.kind === 'comment' || f.kind === 'announcement').length,
    // Bids only: the "won" line the feed shows under an auction's last bid is not a bid.
    bids: feed.filter((f) => f.kind === 'bid').length,
    room: 0,
  };
}

const labels: [Panel, string][] = [
  ['products', 'Products'],
  ['chat', 'Chat'],
  ['bids', 'Bids'],
];

/**
 * The studio's side panel: tabs Products / Chat / Bids (the ARIA tabs pattern), so a phone's screen
 * holds the video plus one panel; the message box goes with the chat.
 */
export function StudioPanels({
  productRail,
  productCount,
  feed,
  productName,
  send,
  connected,
  room,
}: {
  /** issue 21: the Room tab, the pinned comment over the chat, and the seller's menu on comments. */
  room?: {
    panel: ReactNode;
    pinned: ReactNode;
    removed: ReadonlySet<string>;
    commentActions: (item: ChatItem) => ReactNode;
  };
  /** The product rail, shown on the Products tab. */
  productRail: ReactNode;
  productCount: number;
  feed: FeedItem[];
  /** A feed item's row (FeedItem.key) by name. */
  productName: (key: string) => string;
} & MessageBoxProps) {
  const [panel, setPanel] = useState<Panel>('products');
  const counts = panelCounts(productCount, feed);
  return (
    <aside
      aria-label="Show"
      className="flex min-h-0 flex-1 flex-col lg:w-[420px] lg:flex-none lg:border-line lg:border-l"
    >
      <TabList
        label="Studio panels"
        className="flex shrink-0 border-line border-b bg-surface"
        selected={panel}
        onSelect={setPanel}
        items={(room ? [...labels, ['room', 'Room'] as [Panel, string]] : labels).map(([id, label]) => ({
          id,
          tabId: `studio-tab-${id}`,
          controls: `studio-panel-${id}`,
          label: (
            <>
              {label}
              {id !== 'room' && <span className="font-normal text-ink-subtle"> ({counts[id]})</span>}
            </>
          ),
        }))}
        tabClassName={(selected) =>
          clsx(
            'min-h-12 flex-1 border-b-2 font-semibold text-sm',
            selected ? 'border-brand-600 text-brand-800' : 'border-transparent text-ink-muted',
          )
        }
      />
      <div
        role="tabpanel"
        id={`studio-panel-${panel}`}
        aria-labelledby={`studio-tab-${panel}`}
        className="flex min-h-0 flex-1 flex-col overflow-y-auto"
      >
        {panel === 'products' && productRail}
        {panel === 'chat' && room?.pinned}
        {panel === 'chat' && (
          <CommentList items={feed} removed={room?.removed} actions={room?.commentActions} />
        )}
        {panel === 'room' && room?.panel}
        {panel === 'bids' && <BidFeed items={feed} productName={productName} />}
      </div>
      {panel === 'chat' && <MessageBox send={send} connected={connected} />}
    </aside>
  );
}
