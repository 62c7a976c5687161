import { CloudOff, Wifi } from 'lucide-react';
import { useOnlineStatus } from '@/lib/online-status';

/** "9:05" or "14:05", or "27 Nov, 14:05" when the data is from another day. */
export function dataTimeText(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString('en-NG', { hour: 'numeric', minute: '2-digit' });
  if (new Date(now).toDateString() === date.toDateString()) return time;
  return `${date.toLocaleDateString('en-NG', { day: 'numeric', month: 'short' })}, ${time}`;
}

/**
 * Across the top of every dashboard screen while the phone has no connection, or while the screen
 * shows answers the service worker kept: says so, with the time the data is from, and that what the
 * seller saves meanwhile is kept on the phone.
 */
export function OfflineBanner() {
  const { online, cachedSince } = useOnlineStatus();
  if (online && cachedSince === null) return null;
  const from = cachedSince === null ? null : dataTimeText(cachedSince);
  return (
    <p
      role="status"
      className="flex items-start gap-2 border-amber-300 border-b bg-amber-50 px-4 py-2 text-amber-950 text-sm"
    >
      {online ? (
        <Wifi className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <span>
        <strong className="font-semibold">{online ? 'Slow connection' : 'Offline'}</strong>
        {from ? ` — showing data from ${from}.` : ' — showing what this screen last loaded.'}{' '}
        {!online && 'What you save is kept on this phone and sent when you are back online.'}
      </span>
    </p>
  );
}
