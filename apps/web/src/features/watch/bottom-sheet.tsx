import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Pinned under the scrolling content: the sheet's one action, in thumb's reach. */
  footer?: ReactNode;
}

/**
 * A sheet rising from the bottom of a phone's screen (a centred card from 640 px): the video keeps
 * playing above it, and its action sits where a thumb rests. Radix gives the focus trap, Escape and
 * the tap outside.
 */
export function BottomSheet({ open, onOpenChange, title, children, footer }: BottomSheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-card bg-surface shadow-card sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card"
        >
          <div className="flex items-center gap-2 border-line border-b px-4 py-3">
            <RadixDialog.Title className="min-w-0 flex-1 truncate font-semibold text-ink text-lg">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="flex size-11 items-center justify-center rounded-control text-ink-muted hover:bg-canvas"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{children}</div>
          {footer && (
            <div className="border-line border-t px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
