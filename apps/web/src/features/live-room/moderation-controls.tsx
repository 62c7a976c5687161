import type { StreamComment } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Clock, EllipsisVertical, Pin, X } from 'lucide-react';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';

/* Issue 21: the pieces moderators and viewers see of the room's moderation, on the watch page and in the studio. */

export interface CommentAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * The ⋮ button beside a comment that opens its moderation menu (the ARIA menu-button pattern):
 * Escape or a tap elsewhere closes it; choosing an item closes it and runs it.
 */
export function CommentMenu({ label, actions }: { label: string; actions: CommentAction[] }) {
  const [open, setOpen] = useState(false);
  // Fixed to the viewport, so a chat list that scrolls cannot clip it: below the button, or above
  // it when the button is near the bottom of the screen (the last comment, over the comment box).
  const [place, setPlace] = useState<CSSProperties>({});
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLSpanElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    // The menu is fixed where the button was: any scroll or resize closes it.
    const dismiss = () => setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    window.addEventListener('scroll', dismiss, true);
    window.addEventListener('resize', dismiss);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
      window.removeEventListener('scroll', dismiss, true);
      window.removeEventListener('resize', dismiss);
    };
  }, [open]);
  if (actions.length === 0) return null;
  return (
    <span ref={box} className="relative ml-auto shrink-0">
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        ref={button}
        onClick={() => {
          const rect = button.current?.getBoundingClientRect();
          if (rect) {
            const right = Math.max(8, window.innerWidth - rect.right);
            setPlace(
              rect.bottom + 56 * actions.length + 16 > window.innerHeight
                ? { right, bottom: window.innerHeight - rect.top }
                : { right, top: rect.bottom },
            );
          }
          setOpen((o) => !o);
        }}
        className="-my-2 flex size-9 items-center justify-center rounded-full text-ink-subtle hover:bg-canvas hover:text-ink"
      >
        <EllipsisVertical className="size-4" aria-hidden />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          style={place}
          className="fixed z-40 min-w-48 overflow-hidden rounded-control border border-line bg-surface py-1 shadow-card"
        >
          {actions.map((action, i) => (
            <button
              key={action.label}
              ref={i === 0 ? first : undefined}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
              className={clsx(
                'block min-h-11 w-full px-4 text-left text-sm hover:bg-canvas',
                action.danger ? 'text-danger-600' : 'text-ink',
              )}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}

/** The comment pinned at the top of the room; moderators and the seller may unpin it. */
export function PinnedComment({
  comment,
  onUnpin,
  className,
}: {
  comment: StreamComment;
  onUnpin?: (() => void) | undefined;
  className?: string;
}) {
  return (
    <section
      aria-label="Pinned comment"
      className={clsx(
        'flex items-start gap-2 rounded-card bg-surface px-3 py-2 text-ink shadow-card',
        className,
      )}
    >
      <Pin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
      <p className="min-w-0 flex-1 text-sm">
        <span className="block font-semibold text-brand-800 text-xs uppercase">Pinned</span>
        <span className="font-semibold">{comment.author.name}</span>{' '}
        <span className="break-words text-ink-muted">{comment.content}</span>
      </p>
      {onUnpin && (
        <button
          type="button"
          onClick={onUnpin}
          aria-label="Unpin comment"
          className="-my-1 flex size-9 shrink-0 items-center justify-center rounded-full text-ink-subtle hover:bg-canvas"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </section>
  );
}

/** Slow mode's notice under a comment box. */
export function SlowModeNotice({ seconds }: { seconds: number }) {
  return (
    <p className="mt-1 flex items-center gap-1 text-ink-muted text-xs">
      <Clock className="size-3.5" aria-hidden />
      Slow mode: one comment every {seconds} s
    </p>
  );
}
