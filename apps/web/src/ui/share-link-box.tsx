import { Check, Copy, ExternalLink, Share2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';

export interface ShareLinkBoxProps {
  /** The full public address to send. */
  url: string;
  /** The copy button's accessible name, e.g. 'Copy link to this blip'. */
  copyLabel: string;
  /** Hands the link to the phone's share sheet (WhatsApp, Instagram…) where the browser has one. */
  share?: { title: string; text: string };
  /** A link that opens the page in a new tab, to see what buyers see. */
  open?: { href: string; label: string };
  /** More actions, after the share and open ones (e.g. WhatsApp, a QR code toggle). */
  actions?: ReactNode;
  /** Below the actions (e.g. the QR code they show). */
  children?: ReactNode;
}

/**
 * A public link in a read-only box: copy it (with a fallback where there is no clipboard API, and
 * 'Copied' for two seconds), share it from a phone, or open it.
 */
export function ShareLinkBox({ url, copyLabel, share, open, actions, children }: ShareLinkBoxProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const canShare = share !== undefined && typeof navigator.share === 'function';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (await copyText(url, input.current)) {
      setCopied(true);
      toast.success('Link copied');
    } else {
      toast.error('Could not copy the link', 'Press and hold the link to copy it.');
    }
  };

  const onShare = async () => {
    if (!share) return;
    try {
      await navigator.share({ ...share, url });
    } catch {
      // Closing the share sheet rejects too; nothing to say.
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-control bg-canvas p-3">
      <label htmlFor={inputId} className="font-medium text-ink text-sm">
        Share link
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          ref={input}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-10 w-0 min-w-0 flex-1 rounded-control border border-line-strong bg-surface px-2 text-ink text-sm"
        />
        <Button variant="secondary" size="sm" onClick={() => void onCopy()} aria-label={copyLabel}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {(canShare || open || actions) && (
        <div className="flex flex-wrap gap-2">
          {canShare && (
            <Button variant="secondary" size="sm" onClick={() => void onShare()}>
              <Share2 className="size-4" aria-hidden />
              Share
            </Button>
          )}
          {open && (
            <a
              href={open.href}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              <ExternalLink className="size-4" aria-hidden />
              {open.label}
            </a>
          )}
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}
