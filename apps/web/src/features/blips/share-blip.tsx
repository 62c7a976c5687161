import { Check, Copy, ExternalLink, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { paths } from '@/app/paths';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';

/** The blip's public page, where buyers watch, like and comment, as a full address to send. */
export const blipShareUrl = (blipId: string, origin = window.location.origin) =>
  `${origin}${paths.watchBlip(blipId)}`;

/**
 * The blip's public link: copy it, hand it to the phone's share sheet (WhatsApp, Instagram…) where
 * there is one, or open it to see what buyers see.
 */
export function ShareBlip({ blipId, productName }: { blipId: string; productName: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const url = blipShareUrl(blipId);
  const canShare = typeof navigator.share === 'function';

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
    try {
      await navigator.share({ title: productName, text: `Watch ${productName}`, url });
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
          className="min-h-10 min-w-0 flex-1 rounded-control border border-line-strong bg-surface px-2 text-ink text-sm"
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void onCopy()}
          aria-label="Copy link to this blip"
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {canShare && (
          <Button variant="secondary" size="sm" onClick={() => void onShare()}>
            <Share2 className="size-4" aria-hidden />
            Share
          </Button>
        )}
        <a
          href={paths.watchBlip(blipId)}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          <ExternalLink className="size-4" aria-hidden />
          Open buyer page
        </a>
      </div>
    </div>
  );
}
