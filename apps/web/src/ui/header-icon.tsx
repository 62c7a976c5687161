/* The dashboard header's round icon buttons and the count badge on them (messages, notifications). */

export const headerIconClass =
  'relative flex size-11 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink';

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** A count on a header icon; nothing at zero. Hidden from screen readers: the icon's label says it. */
export function HeaderIconBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      aria-hidden
      className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-danger-600 px-1 font-semibold text-[11px] text-white leading-none"
    >
      {badgeText(count)}
    </span>
  );
}
