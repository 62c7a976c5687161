import { clsx } from 'clsx';
import { memo, useId, useState } from 'react';
import { ChatInput, useChatSender } from '@/features/live-room/chat';
import type { SendOutcome, StreamMessageKind } from '@/features/live-room/live-socket';

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
export const MessageBox = memo(function MessageBox({ send, connected }: MessageBoxProps) {
  const inputId = useId();
  const [kind, setKind] = useState<StreamMessageKind>('comment');
  const sender = useChatSender((text) => send(text, kind));
  const current = kinds.find((k) => k.kind === kind) ?? kinds[0];

  return (
    <form onSubmit={sender.submit} className="border-line border-t bg-surface p-3">
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
      <ChatInput id={inputId} sender={sender} placeholder={current?.placeholder} canSend={connected}>
        {!connected && <p className="mt-1 text-ink-muted text-xs">Connecting to the live chat…</p>}
      </ChatInput>
    </form>
  );
});
