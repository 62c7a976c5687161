import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { MOBILE_MENU_ID } from '@/features/shell/dashboard-shell';
import { Sidebar } from '@/features/shell/sidebar';

/**
 * The sidebar as a drawer on phones: a Radix dialog, so focus stays inside while it is open (Tab
 * cannot wander to the page behind), Escape and a tap outside close it, and focus goes back to the
 * menu button afterwards.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50 lg:hidden" />
        <RadixDialog.Content
          id={MOBILE_MENU_ID}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeRef.current?.focus();
          }}
          // The drawer has no Radix trigger: focus goes back to the header's menu button by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.querySelector<HTMLElement>(`[aria-controls="${MOBILE_MENU_ID}"]`)?.focus();
          }}
          className="fixed inset-y-0 left-0 z-40 w-[257px] max-w-[85vw] bg-surface shadow-card lg:hidden"
        >
          <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="absolute top-3 right-2 z-10 flex size-11 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
          >
            <X className="size-5" aria-hidden />
          </button>
          <Sidebar variant="mobile" onNavigate={onClose} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
