import type { ConversationDetail } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { AlertTriangle, Camera, MessageSquare, Package, ShoppingBag } from 'lucide-react';
import type { InboxSide } from '@/features/conversations/messages-api';
import { formatRelativeTime } from '@/lib/relative-time';

/** Unread conversations first, each group in the server's order (latest activity first). */
export function unreadFirst(
  conversations: readonly ConversationDetail[],
  side: InboxSide,
): ConversationDetail[] {
  const unread = (c: ConversationDetail) => (side === 'seller' ? c.unreadCount : c.buyerUnreadCount) > 0;
  return [...conversations.filter(unread), ...conversations.filter((c) => !unread(c))];
}

function Preview({ conversation, side }: { conversation: ConversationDetail; side: InboxSide }) {
  const last = conversation.lastMessage;
  if (!last) return <span className="italic">No messages yet</span>;
  const prefix = last.sender === side ? 'You: ' : '';
  const Icon =
    last.kind === 'photo'
      ? Camera
      : last.kind === 'product'
        ? ShoppingBag
        : last.kind === 'order'
          ? Package
          : null;
  return (
    <span className="flex min-w-0 items-center gap-1">
      {Icon && <Icon className="size-3.5 shrink-0" aria-hidden />}
      <span className="truncate">
        {prefix}
        {last.body}
      </span>
    </span>
  );
}

export function ConversationList({
  side,
  conversations,
  selectedId,
  onSelect,
  now,
}: {
  side: InboxSide;
  conversations: readonly ConversationDetail[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  now: Date;
}) {
  if (conversations.length === 0) return null;
  return (
    <ul className="flex flex-col" aria-label="Conversations">
      {unreadFirst(conversations, side).map((c) => {
        const unread = side === 'seller' ? c.unreadCount : c.buyerUnreadCount;
        const name = side === 'seller' ? c.buyerName : c.storeName;
        return (
          <li key={c._id}>
            <button
              type="button"
              onClick={() => onSelect(c._id)}
              aria-current={c._id === selectedId ? 'true' : undefined}
              aria-label={`${name}${unread > 0 ? `, ${unread} unread` : ''}`}
              className={clsx(
                'flex w-full items-center gap-3 border-line border-b px-4 py-3 text-left hover:bg-canvas',
                c._id === selectedId && 'bg-brand-50',
              )}
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
                {name.slice(0, 1).toUpperCase() || <MessageSquare className="size-4" aria-hidden />}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center gap-2">
                  <span className={clsx('truncate text-ink', unread > 0 ? 'font-semibold' : 'font-medium')}>
                    {name}
                  </span>
                  {c.flagged && (
                    <AlertTriangle className="size-4 shrink-0 text-danger-600" aria-label="Payment warning" />
                  )}
                  <span className="ml-auto shrink-0 text-ink-muted text-xs">
                    {c.lastMessage ? formatRelativeTime(c.lastMessage.createdAt, now) : ''}
                  </span>
                </span>
                <span
                  className={clsx(
                    'flex items-center gap-2 text-sm',
                    unread > 0 ? 'text-ink' : 'text-ink-muted',
                  )}
                >
                  <Preview conversation={c} side={side} />
                  {unread > 0 && (
                    <span className="ml-auto inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 font-semibold text-white text-xs">
                      {unread}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
