import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, laid out at the bottom (stacked on phones). */
  footer?: ReactNode;
  /**
   * false for dialogs that must be answered through their own buttons: no close button, and
   * Escape or a tap outside does nothing.
   */
  dismissible?: boolean;
  /** 'fullscreen' covers the whole app, for states where nothing behind the dialog is usable. */
  layout?: 'card' | 'fullscreen';
  /** Decoration above the title, e.g. an icon. */
  icon?: ReactNode;
  /** The card's height limit as a Tailwind class; 85 % of the viewport unless a screen says otherwise. */
  maxHeightClass?: string;
  className?: string;
  /**
   * false keeps focus on the dialog itself when it opens instead of its first field, so a phone
   * does not raise its keyboard over a form the seller has not started yet.
   */
  focusFirstField?: boolean;
}

const keepOpen = (event: Event) => event.preventDefault();
const focusDialog = (event: Event) => {
  event.preventDefault();
  // The content is focusable (tabIndex -1): screen readers still announce the dialog.
  (event.currentTarget as HTMLElement | null)?.focus();
};

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  layout = 'card',
  icon,
  maxHeightClass = 'max-h-[85dvh]',
  className,
  focusFirstField = true,
}: DialogProps) {
  const fullscreen = layout === 'fullscreen';
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={clsx('fixed inset-0 z-50', fullscreen ? 'bg-canvas' : 'bg-ink/50')} />
        <RadixDialog.Content
          // Without a description Radix warns unless aria-describedby is explicitly cleared.
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(dismissible
            ? {}
            : { onEscapeKeyDown: keepOpen, onPointerDownOutside: keepOpen, onInteractOutside: keepOpen })}
          {...(focusFirstField ? {} : { onOpenAutoFocus: focusDialog })}
          className={clsx(
            'fixed z-50 bg-surface',
            fullscreen
              ? 'inset-0 flex flex-col items-center justify-center overflow-y-auto p-6 text-center'
              : clsx(
                  // The title (and the close button) stay put; what is below scrolls under them, so a
                  // long form on a phone still says what it is.
                  'inset-x-4 top-1/2 mx-auto flex max-w-md -translate-y-1/2 flex-col overflow-hidden rounded-card shadow-card',
                  maxHeightClass,
                ),
            className,
          )}
        >
          {fullscreen ? (
            <div className="flex w-full max-w-sm flex-col items-center">
              {icon}
              <RadixDialog.Title className="font-semibold text-2xl text-ink">{title}</RadixDialog.Title>
              <DialogBody description={description} footer={footer} fullscreen>
                {children}
              </DialogBody>
            </div>
          ) : (
            <>
              <div className="shrink-0 px-6 pt-6 pb-2">
                {icon}
                <RadixDialog.Title className="pr-8 font-semibold text-ink text-lg">{title}</RadixDialog.Title>
              </div>
              <div className="min-h-0 overflow-y-auto px-6 pb-6">
                <DialogBody description={description} footer={footer} fullscreen={false}>
                  {children}
                </DialogBody>
              </div>
            </>
          )}
          {dismissible && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function DialogBody({
  description,
  children,
  footer,
  fullscreen,
}: Pick<DialogProps, 'description' | 'children' | 'footer'> & { fullscreen: boolean }) {
  return (
    <>
      {description && (
        <RadixDialog.Description
          className={clsx('text-ink-muted', fullscreen ? 'mt-2 text-base' : 'text-sm')}
        >
          {description}
        </RadixDialog.Description>
      )}
      {children && (
        // The card's title row has its own 8 px below it.
        <div className={clsx('w-full', description || fullscreen ? 'mt-4' : 'mt-2')}>{children}</div>
      )}
      {footer && (
        <div
          className={clsx(
            'mt-6 flex w-full flex-col-reverse gap-2',
            !fullscreen && 'sm:flex-row sm:justify-end',
          )}
        >
          {footer}
        </div>
      )}
    </>
  );
}
