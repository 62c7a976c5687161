import type { Notification } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { useNavigate } from 'react-router';
import { kindOf, targetOf, toneClasses } from '@/features/notifications/notification-kinds';
import { formatRelativeTime } from '@/lib/relative-time';

export interface NotificationListProps {
  notifications: Notification[];
  /** Shown as unread even if already marked read (the bell marks all read as it opens). */
  highlighted?: ReadonlySet<string>;
  onOpen: (notification: Notification) => void;
  now?: Date;
}

/** Notifications with their icon, wording and relative time; a click marks read and opens the subject. */
export function NotificationList({
  notifications,
  highlighted,
  onOpen,
  now = new Date(),
}: NotificationListProps) {
  const navigate = useNavigate();
  return (
    <ul className="flex flex-col divide-y divide-line">
      {notifications.map((n) => {
        const kind = kindOf(n.type);
        const Icon = kind.icon;
        const unread = !n.isRead || highlighted?.has(n._id) === true;
        const target = targetOf(n);
        return (
          <li key={n._id}>
            <button
              type="button"
              onClick={() => {
                onOpen(n);
                if (target) void navigate(target);
              }}
              className={clsx(
                'flex w-full items-start gap-3 rounded-control px-2 py-3 text-left hover:bg-canvas',
                unread && 'bg-brand-50/60',
              )}
            >
              <span
                className={clsx(
                  'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
                  toneClasses[kind.tone],
                )}
              >
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span className="truncate font-semibold text-ink text-sm">{n.title}</span>
                  {unread && (
                    <span className="size-2 shrink-0 rounded-full bg-brand-600">
                      <span className="sr-only">Unread</span>
                    </span>
                  )}
                </span>
                <span className="mt-0.5 block text-ink-muted text-sm">{n.message}</span>
                <span className="mt-1 block text-ink-muted text-xs">
                  {kind.label} · <time dateTime={n.createdAt}>{formatRelativeTime(n.createdAt, now)}</time>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
