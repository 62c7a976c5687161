import {
  createContext,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { Sidebar } from '@/features/shell/sidebar';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * The phone's drawer (a Radix dialog) is closed when a screen first shows: its code, Radix's among
 * it, is loaded the first time the menu opens (issue 20, docs/performance.md).
 */
const MobileDrawer = lazy(() =>
  import('@/features/shell/mobile-drawer').then((m) => ({ default: m.MobileDrawer })),
);

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

/** Tailwind's `lg`, where the sidebar is on show beside the screen. */
const WIDE = '(min-width: 64rem)';

/**
 * The desktop sidebar, drawn only on a screen wide enough to show it: on a phone it would be hidden
 * by CSS (the drawer shows the menu), yet its links and icons would be drawn at the start and again
 * at every navigation (issue 20, docs/performance.md). A tablet turned to landscape draws it then.
 * At build time (the painted pages, app/first-paint.tsx) and with no matchMedia it is drawn, for the
 * CSS to show or hide.
 */
function DesktopSidebar() {
  const wide = useMediaQuery(WIDE, true);
  return wide ? <Sidebar variant="desktop" /> : null;
}

export interface DashboardShellProps {
  /** The live-stream studio takes the whole screen: no sidebar. */
  fullscreen?: boolean;
  children: ReactNode;
}

/**
 * The dashboard frame: the sidebar (257 px, 307 px on extra-large screens) beside the screen. On
 * phones and tablets the sidebar is a drawer the header's menu button opens and closes.
 */
/*
 * Memoised: the layout draws it again only when the screen or the studio's full-screen changes (the
 * layout's other renders leave it be).
 */
export const DashboardShell = memo(function DashboardShell({
  fullscreen = false,
  children,
}: DashboardShellProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menu = useMemo(() => ({ open, setOpen }), [open]);
  // Once opened, the drawer stays mounted, so closing it returns focus and animates as before.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (open && !drawerLoaded) setDrawerLoaded(true);
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
          <DesktopSidebar />
        </aside>
        {drawerLoaded && (
          <Suspense fallback={null}>
            <MobileDrawer open={open} onClose={close} />
          </Suspense>
        )}
        {children}
      </div>
    </MobileMenuContext.Provider>
  );
});
