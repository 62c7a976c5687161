import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  browserRefreshEnvironment,
  type RefreshEnvironment,
  refreshToLatestVersion,
} from '@/features/app-update/refresh-to-latest';
import { useIsFirstOverlay } from '@/features/app-update/single-overlay';
import { Button } from '@/ui/button';

export interface UpdateAvailableOverlayProps {
  /** Defaults to the real browser; tests pass stubs. */
  environment?: RefreshEnvironment;
}

/**
 * Shown when this tab's build is out of date (its chunks are gone) or a download failed mid-load.
 * It is part of the entry chunk, so it is a plain modal rather than the Radix-based ui/Dialog: that
 * keeps ~15 KB of dialog machinery off the first load of every page.
 */
export function UpdateAvailableOverlay({ environment }: UpdateAvailableOverlayProps) {
  const visible = useIsFirstOverlay();
  const [refreshing, setRefreshing] = useState(false);
  const overlayRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (!visible) return;
    buttonRef.current?.focus();
    // Nothing behind an out-of-date app is safe to use: make it unreachable by keyboard and
    // screen reader while the overlay is up (this is what aria-modal promises).
    const background = Array.from(document.body.children).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && element !== overlayRef.current && !element.inert,
    );
    for (const element of background) element.inert = true;
    return () => {
      for (const element of background) element.inert = false;
    };
  }, [visible]);

  if (!visible) return null;

  const refresh = () => {
    setRefreshing(true);
    void refreshToLatestVersion(environment ?? browserRefreshEnvironment());
  };

  return createPortal(
    <div
      ref={overlayRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Refresh Now is the only thing to do, so Tab keeps focus on it rather than leaving the page.
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        event.preventDefault();
        buttonRef.current?.focus();
      }}
      className="fixed inset-0 z-[100] flex items-center justify-center overflow-y-auto bg-canvas p-6 text-center"
    >
      <div className="flex w-full max-w-sm flex-col items-center rounded-card bg-surface p-8 shadow-card">
        <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <RefreshCw className="size-8" aria-hidden />
        </span>
        <h2 id={titleId} className="font-bold text-2xl text-ink">
          Update Available
        </h2>
        <p id={descriptionId} className="mt-3 text-ink-muted">
          A new version of the app is available. Please refresh to continue with the latest updates.
        </p>
        <Button ref={buttonRef} size="lg" fullWidth className="mt-8" loading={refreshing} onClick={refresh}>
          Refresh Now
        </Button>
      </div>
    </div>,
    document.body,
  );
}
