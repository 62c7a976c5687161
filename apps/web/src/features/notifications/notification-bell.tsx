import type { Notification } from '@kasuwa/contracts';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { NotificationList } from '@/features/notifications/notification-list';
import { useMarkRead, useNotificationsList } from '@/features/notifications/notifications-data';
import type { ApiClient } from '@/lib/api-client';
import { HeaderIconBadge, headerIconClass } from '@/ui/header-icon';
import { LazyDialog } from '@/ui/lazy-dialog';

/**
 * The header's bell: the badge counts unread notifications created today; opening it lists them
 * and, if any are unread today, marks all read (SPEC section 4), keeping them highlighted while open.
 */
export function NotificationBell({
  sellerId,
  live = false,
  api,
}: {
  sellerId: string | null;
  /** Whether new notifications arrive as they happen (the socket is connected). */
  live?: boolean;
  api?: ApiClient;
}) {
  const { data } = useNotificationsList(sellerId, api);
  const { markRead, markAllRead } = useMarkRead(sellerId, api);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const unreadToday = data?.unreadToday ?? 0;
  const notifications = data?.notifications ?? [];
  const anyUnread = notifications.some((n) => !n.isRead);

  const openDialog = () => {
    setHighlighted(new Set(notifications.filter((n) => !n.isRead).map((n) => n._id)));
    setOpen(true);
    if (unreadToday > 0) void markAllRead();
  };

  const onOpen = (notification: Notification) => {
    void markRead(notification);
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={openDialog}
        className={headerIconClass}
        aria-label={unreadToday > 0 ? `Notifications, ${unreadToday} unread today` : 'Notifications'}
        aria-haspopup="dialog"
        data-live={live}
      >
        <Bell className="size-5" aria-hidden />
        <HeaderIconBadge count={unreadToday} testId="notifications-badge" />
      </button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title="Notifications"
        maxHeightClass="max-h-[80vh]"
        className="sm:max-w-lg"
      >
        {notifications.length === 0 ? (
          <p className="text-ink-muted text-sm">
            No notifications yet. New orders, followers, returns and messages about your store will appear
            here.
          </p>
        ) : (
          <>
            {anyUnread && (
              <div className="mb-2 flex justify-end">
                <button
                  type="button"
                  onClick={() => void markAllRead()}
                  className="min-h-10 rounded-control px-2 font-semibold text-brand-700 text-sm hover:bg-canvas"
                >
                  Mark all as read
                </button>
              </div>
            )}
            <NotificationList notifications={notifications} highlighted={highlighted} onOpen={onOpen} />
          </>
        )}
      </LazyDialog>
    </>
  );
}

/** The newest notifications on the dashboard home; a click marks one read and opens its subject. */
export function RecentNotifications({
  sellerId,
  api,
  limit = 5,
}: {
  sellerId: string | null;
  api?: ApiClient;
  limit?: number;
}) {
  const { data, isPending, isError } = useNotificationsList(sellerId, api);
  const { markRead } = useMarkRead(sellerId, api);
  if (isPending) return <p className="text-ink-muted text-sm">Loading notifications…</p>;
  if (isError) return <p className="text-ink-muted text-sm">Notifications could not be loaded just now.</p>;
  const recent = data.notifications.slice(0, limit);
  if (recent.length === 0) {
    return (
      <p className="text-ink-muted text-sm">
        Nothing yet. When buyers order, follow your store or ask for a return, you will see it here first.
      </p>
    );
  }
  return <NotificationList notifications={recent} onOpen={(n) => void markRead(n)} />;
}
