import { clsx } from 'clsx';
import { AlarmClock, Clock } from 'lucide-react';

/* Dates as Nigerians read them, in Lagos time whatever the phone's zone. */
const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A deadline within this is close: a day to act, the length of a seller's working day and night. */
export const CLOSE_DEADLINE_MS = 24 * 60 * 60_000;

export type DeadlineUrgency = 'later' | 'close' | 'passed';
export function deadlineUrgency(at: string, now: number): DeadlineUrgency {
  const left = new Date(at).getTime() - now;
  if (!(left > 0)) return 'passed';
  return left <= CLOSE_DEADLINE_MS ? 'close' : 'later';
}

/** '2 d 5 h left', '5 h 12 min left', '12 min left'. */
export function timeLeftText(at: string, now: number): string | null {
  const ms = new Date(at).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return `${Math.floor(hours / 24)} d ${hours % 24} h left`;
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}

/**
 * The next deadline in the server's words ("Answer by Fri 28 Nov, or the return is approved
 * automatically"), amber when under a day is left, red once it has passed (the job is about to act).
 */
export function Deadline({
  deadline,
  now,
  compact = false,
}: {
  deadline: { at: string; label: string };
  now: number;
  compact?: boolean;
}) {
  const urgency = deadlineUrgency(deadline.at, now);
  const left = timeLeftText(deadline.at, now);
  const Icon = urgency === 'later' ? Clock : AlarmClock;
  return (
    <p
      data-urgency={urgency}
      className={clsx(
        'flex items-start gap-1.5',
        compact ? 'text-xs' : 'rounded-control px-3 py-2 text-sm',
        urgency === 'later' && (compact ? 'text-ink-muted' : 'bg-canvas text-ink'),
        urgency === 'close' &&
          (compact ? 'font-semibold text-amber-800' : 'bg-amber-50 font-medium text-amber-900'),
        urgency === 'passed' &&
          (compact ? 'font-semibold text-danger-700' : 'bg-danger-50 font-medium text-danger-700'),
      )}
    >
      <Icon className={clsx('shrink-0', compact ? 'mt-px size-3.5' : 'mt-0.5 size-4')} aria-hidden />
      <span>
        {deadline.label}
        {urgency === 'close' && left && <span className="whitespace-nowrap"> · {left}</span>}
        {urgency === 'passed' && <span className="whitespace-nowrap"> · due now</span>}
      </span>
    </p>
  );
}
