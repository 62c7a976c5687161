import { Eye, EyeOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import type { VideoProfile } from '@/lib/data-saver';
import { readStored, writeStored } from '@/lib/storage';

/*
 * The studio's data-saver tools over the camera preview (docs/phone.md): how much data the show's
 * video has used, and hiding the seller's own preview (the phone stops drawing it; viewers still
 * get the camera).
 */

/** Stored on the device, like data-saver: it belongs to the phone, not the account. */
export const PREVIEW_HIDDEN_KEY = 'studioPreviewHidden';

const isFlag = (v: unknown): v is boolean => typeof v === 'boolean';
const listeners = new Set<() => void>();
const readHidden = () => readStored(PREVIEW_HIDDEN_KEY, isFlag) === true;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the seller hid their preview, and the switch. */
export function usePreviewHidden(): [boolean, () => void] {
  const hidden = useSyncExternalStore(subscribe, readHidden, () => false);
  const toggle = useCallback(() => {
    writeStored(PREVIEW_HIDDEN_KEY, !readHidden());
    for (const listener of listeners) listener();
  }, []);
  return [hidden, toggle];
}

/** "12.3 MB" (megabytes of 1,000,000 bytes, as phones count a data plan), "1.24 GB" from a gigabyte. */
export function formatDataUsed(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

const pill = 'rounded-full bg-black/65 px-3 py-1.5 font-semibold text-white text-xs';

export function PreviewTools({
  hidden,
  onToggleHidden,
  bytesUsed,
  dataSaver,
}: {
  hidden: boolean;
  onToggleHidden: () => void;
  /** null: nothing counted (not sending yet, or the provider cannot tell). */
  bytesUsed: number | null;
  /** The profile sent while data-saver is on; null when it is off. */
  dataSaver: VideoProfile | null;
}) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-2">
      <div className="flex flex-col items-start gap-1">
        {bytesUsed !== null && (
          <p className={pill} role="status" aria-live="off">
            Data used this show: {formatDataUsed(bytesUsed)}
          </p>
        )}
        {dataSaver && (
          <p className={pill}>
            Data saver: sending {dataSaver.height}p at {dataSaver.frameRate} fps
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onToggleHidden}
        className={`${pill} pointer-events-auto flex min-h-9 shrink-0 items-center gap-1.5 hover:bg-black/80`}
      >
        {hidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
        {hidden ? 'Show my preview' : 'Hide my preview'}
      </button>
    </div>
  );
}
