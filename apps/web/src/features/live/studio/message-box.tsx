import { MAX_STREAM_COMMENT_LENGTH } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { SendOutcome, StreamMessageKind } from '@/lib/live-socket';
import { Button } from '@/ui/button';

export interface MessageBoxProps {
  /** lib/live-socket's sendStreamMessage bound to the socket and show: null when it sent nothing. */
  send: (text: string, kind: StreamMessageKind) => Promise<SendOutcome> | null;
  /** Whether the socket is connected; without it nothing can be sent (SPEC section 5). */
  connected: boolean;
}

const kinds: { kind: StreamMessageKind; label: string; placeholder: string }[] = [
  { kind: 'comment', label: 'Comment', placeholder: 'Reply to your viewers' },
  {
    kind: 'announcement',
    label: 'Announcement',
    placeholder: 'Tell everyone, e.g. free delivery in Lagos today',
  },
];

/** The seller's comment and announcement box. */
export function MessageBox({ send, connected }: MessageBoxProps) {
  const inputId = useId();
  const [kind, setKind] = useState<StreamMessageKind>('comment');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = kinds.find((k) => k.kind === kind) ?? kinds[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pending = send(text, kind);
    if (!pending) return;
    setSending(true);
    setError(null);
    const outcome = await pending;
    setSending(false);
    if (outcome.ok) setText('');
    else setError(outcome.message);
  }

  return (
    <form onSubmit={submit} className="border-line border-t bg-surface p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="font-medium text-ink text-sm">
          {current?.label}
        </label>
        <div
          role="radiogroup"
          aria-label="Message type"
          className="inline-flex rounded-control bg-canvas p-1"
        >
          {kinds.map((k) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than two radio circles here.
            <button
              key={k.kind}
              type="button"
              role="radio"
              aria-checked={kind === k.kind}
              onClick={() => setKind(k.kind)}
              className={clsx(
                'min-h-9 rounded-[0.5rem] px-3 font-semibold text-sm',
                kind === k.kind ? 'bg-surface text-ink shadow-sm' : 'text-ink-muted',
              )}
            >
              {k.label}
            </button>
          ))}
        </div>
      </div>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={MAX_STREAM_COMMENT_LENGTH}
          placeholder={current?.placeholder}
          autoComplete="off"
          enterKeyHint="send"
          className="min-h-11 min-w-0 flex-1 rounded-control border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-subtle"
        />
        <Button type="submit" loading={sending} disabled={!connected || text.trim() === ''} aria-label="Send">
          <Send className="size-4" aria-hidden />
        </Button>
      </div>
      {!connected && <p className="mt-1 text-ink-muted text-xs">Connecting to the live chat…</p>}
      {error && (
        <p role="alert" className="mt-1 text-danger-600 text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
