import type { ConversationsUnreadCountResponse, InboxUnreadResponse } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Bell, CircleUserRound, MessageCircle, Package } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { BottomSheet } from '@/features/watch/bottom-sheet';
import type { BuyerSession } from '@/features/watch/buyer-session';
import type { ApiClient } from '@/lib/api-client';

/** How often the buyer's unread counts are asked again while a show plays. */
const UNREAD_REFRESH_MS = 60_000;

/**
 * The buyer's own corner of the watch pages: their orders, their messages with stores and the Updates
 * from stores they follow, each with what is unread, and logging out. Shown once a buyer is logged in.
 */
export function BuyerAccountButton({
  api,
  session,
  onLogOut,
}: {
  api: ApiClient;
  session: BuyerSession | null;
  onLogOut: () => void;
}) {
  const [open, setOpen] = useState(false);
  const buyerId = session?.buyer._id ?? null;
  const messages = useQuery({
    queryKey: ['buyer-account', buyerId, 'messages-unread'],
    queryFn: ({ signal }) =>
      api.get<ConversationsUnreadCountResponse>('/buyer/conversations/unread-count', { signal }),
    enabled: buyerId !== null,
    refetchInterval: UNREAD_REFRESH_MS,
    retry: 1,
  });
  const updates = useQuery({
    queryKey: ['buyer-account', buyerId, 'updates-unread'],
    queryFn: ({ signal }) => api.get<InboxUnreadResponse>('/buyer/updates/unread-count', { signal }),
    enabled: buyerId !== null,
    refetchInterval: UNREAD_REFRESH_MS,
    retry: 1,
  });
  if (!session) return null;
  const unreadMessages = messages.data?.unreadCount ?? 0;
  const unreadUpdates = updates.data?.unreadCount ?? 0;
  const unread = unreadMessages + unreadUpdates;
  const rows = [
    { to: paths.myOrders, icon: Package, label: 'My orders', count: 0 },
    { to: paths.myMessages, icon: MessageCircle, label: 'Messages', count: unreadMessages },
    { to: paths.myUpdates, icon: Bell, label: 'Updates from stores', count: unreadUpdates },
  ];
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={unread > 0 ? `Your account, ${unread} unread` : 'Your account'}
        className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-black/50 hover:bg-black/70"
      >
        <CircleUserRound className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-danger-600 px-1 text-center font-bold text-[0.6875rem] text-white leading-5"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <BottomSheet open={open} onOpenChange={setOpen} title={session.buyer.name}>
        <nav aria-label="Your account">
          <ul className="flex flex-col divide-y divide-line">
            {rows.map(({ to, icon: Icon, label, count }) => (
              <li key={to}>
                <Link to={to} className="flex min-h-12 items-center gap-3 text-ink hover:text-brand-700">
                  <Icon className="size-5 text-ink-muted" aria-hidden />
                  <span className="flex-1 font-medium">{label}</span>
                  {count > 0 && (
                    <span className="rounded-full bg-brand-600 px-2 font-semibold text-white text-xs leading-5">
                      {count} unread
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            onLogOut();
          }}
          className="mt-3 min-h-11 w-full rounded-control border border-line-strong font-semibold text-ink"
        >
          Log out
        </button>
      </BottomSheet>
    </>
  );
}
