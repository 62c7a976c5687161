import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

/** A read-only value (an address, a snippet) with a Copy button that says Copied for two seconds. */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedToast = 'Copied',
  multiline = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copiedToast?: string;
  multiline?: boolean;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (await copyText(value, field.current)) {
      setCopied(true);
      toast.success(copiedToast);
    } else {
      toast.error('Could not copy', 'Press and hold the text to copy it.');
    }
  };
  const classes =
    'w-full min-w-0 rounded-control border border-line-strong bg-canvas px-3 py-2 font-mono text-ink text-xs';

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <div className={multiline ? 'flex flex-col gap-2' : 'flex gap-2'}>
        {multiline ? (
          <textarea
            id={id}
            ref={field}
            readOnly
            rows={3}
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            className={classes}
          />
        ) : (
          <input
            id={id}
            ref={field}
            readOnly
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            className={`${classes} min-h-10 flex-1`}
          />
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void onCopy()}
          aria-label={copyLabel}
          className={multiline ? 'self-start' : undefined}
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
