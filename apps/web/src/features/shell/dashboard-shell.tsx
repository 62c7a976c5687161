import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { Sidebar } from '@/features/shell/sidebar';

interface MobileMenu {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const MobileMenuContext = createContext<MobileMenu | null>(null);

/** The header's menu button; null outside the shell (a screen rendered alone has no sidebar). */
export function useMobileMenu(): MobileMenu | null {
  return useContext(MobileMenuContext);
}

export const MOBILE_MENU_ID = 'dashboard-mobile-menu';

export interface DashboardShellProps {
  /** The live-stream studio takes the whole screen: no sidebar. */
  fullscreen?: boolean;
  children: ReactNode;
}

/**
 * The dashboard frame: the sidebar (257 px, 307 px on extra-large screens) beside the screen. On
 * phones and tablets the sidebar is a drawer the header's menu button opens and closes.
 */
export function DashboardShell({ fullscreen = false, children }: DashboardShellProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menu = useMemo(() => ({ open, setOpen }), [open]);
  const close = useCallback(() => setOpen(false), []);

  // Following a link closes the drawer; so does any other navigation (back button, redirects).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  if (fullscreen) {
    return <MobileMenuContext.Provider value={null}>{children}</MobileMenuContext.Provider>;
  }

  return (
    <MobileMenuContext.Provider value={menu}>
      <div className="min-h-dvh lg:pl-[257px] xl:pl-[307px]">
        <aside
          aria-label="Sidebar"
          className="fixed inset-y-0 left-0 z-30 hidden w-[257px] border-line border-r bg-surface lg:block xl:w-[307px]"
        >
          <Sidebar variant="desktop" />
        </aside>
        <MobileDrawer open={open} onClose={close} />
        {children}
      </div>
    </MobileMenuContext.Provider>
  );
}

/**
 * The sidebar as a drawer on phones: a Radix dialog, so focus stays inside while it is open (Tab
 * cannot wander to the page behind), Escape and a tap outside close it, and focus goes back to the
 * menu button afterwards.
 */
function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
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
