import { clsx } from 'clsx';
import { ArrowLeft, Menu, Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { MOBILE_MENU_ID, useMobileMenu } from '@/features/shell/dashboard-shell';
import { usePublishedHeaderHeight } from '@/features/shell/header-height';
import { initialsOf, type ShellAccount, useShellAccount } from '@/features/shell/shell-account';
import { useDocumentTitle } from '@/lib/document-title';
import { fixedSlot, MediaImage } from '@/ui/media-image';

export interface DashboardScreenProps {
  title: string;
  /** A second, smaller title beside the page title (e.g. an order number). */
  secondaryTitle?: string;
  /** One sentence on what the screen is for, shown above its content. */
  description?: string;
  /**
   * 'messages' drops the page padding so the conversation panes can fill the height under the
   * header; 'fullscreen' (the live-stream studio) has no sidebar and a slim header.
   */
  layout?: 'default' | 'messages' | 'fullscreen';
  children?: ReactNode;
}

/** Every dashboard screen: the header (title, back, Go Live, badges, the seller) and the screen. */
export function DashboardScreen({
  title,
  secondaryTitle,
  description,
  layout = 'default',
  children,
}: DashboardScreenProps) {
  const titleId = useId();
  useDocumentTitle(title);
  const { banner } = useShellAccount();

  return (
    <div className={clsx('flex flex-col', layout === 'messages' ? 'h-dvh' : 'min-h-dvh')}>
      <DashboardHeader title={title} secondaryTitle={secondaryTitle} titleId={titleId} />
      {banner}
      <main
        aria-labelledby={titleId}
        className={clsx(
          'w-full flex-1',
          layout === 'messages' ? 'min-h-0 overflow-hidden' : 'mx-auto max-w-6xl px-4 py-6 lg:px-6',
        )}
      >
        {description && (
          <section className="rounded-card bg-surface p-5 shadow-card">
            <p className="text-ink-muted">{description}</p>
          </section>
        )}
        {children}
      </main>
    </div>
  );
}

function DashboardHeader({
  title,
  secondaryTitle,
  titleId,
}: {
  title: string;
  secondaryTitle: string | undefined;
  titleId: string;
}) {
  const menu = useMobileMenu();
  const { tools } = useShellAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const isHome = location.pathname === paths.dashboard.home;
  // React Router numbers the entries it pushed; 0 means this screen was opened directly.
  // (No history when the screen is drawn at build time, app/first-paint.tsx.)
  const canGoBack = (globalThis.history?.state as { idx?: number } | null | undefined)?.idx ?? 0;
  const headerRef = useRef<HTMLElement>(null);
  usePublishedHeaderHeight(headerRef);

  return (
    <header ref={headerRef} className="sticky top-0 z-20 border-line border-b bg-surface/95 backdrop-blur">
      {/* On a phone the icons take the first row and the title the whole second one, where it can be
          read in full ("Create Live Show", not "Create Live…"); from 640 px they share one row. */}
      <div className="flex min-h-16 w-full flex-wrap items-center gap-x-1 px-2 pt-1 sm:h-16 sm:pt-0 sm:flex-nowrap sm:gap-2 sm:px-4 lg:px-6">
        {menu && (
          <button
            type="button"
            onClick={() => menu.setOpen(!menu.open)}
            aria-expanded={menu.open}
            aria-controls={MOBILE_MENU_ID}
            aria-label="Open menu"
            className="flex size-11 shrink-0 items-center justify-center rounded-control text-ink hover:bg-canvas lg:hidden"
          >
            <Menu className="size-6" aria-hidden />
          </button>
        )}
        {!isHome && (
          <button
            type="button"
            onClick={() => (canGoBack > 0 ? navigate(-1) : navigate(paths.dashboard.home))}
            aria-label="Back"
            className="flex size-11 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
          >
            <ArrowLeft className="size-5" aria-hidden />
          </button>
        )}
        <div className="order-last flex min-w-0 basis-full items-baseline gap-2 px-2 pb-2 sm:order-none sm:flex-1 sm:basis-auto sm:px-0 sm:pb-0">
          <h1
            id={titleId}
            className="break-words font-semibold text-ink text-lg leading-tight sm:truncate sm:text-xl"
          >
            {title}
          </h1>
          {secondaryTitle && (
            <p className="hidden truncate text-ink-muted text-sm sm:block">{secondaryTitle}</p>
          )}
        </div>
        <Link
          to={paths.dashboard.liveStreams.liveStream}
          className="ml-auto inline-flex min-h-10 min-w-10 shrink-0 items-center justify-center gap-1.5 rounded-control bg-brand-600 px-2.5 font-semibold text-sm text-white shadow-sm hover:bg-brand-700 sm:ml-0 sm:px-3"
        >
          <Radio className="size-4" aria-hidden />
          {/* A phone's header has no room for the words; the link keeps them as its name. */}
          <span className="sr-only sm:not-sr-only">Go Live</span>
        </Link>
        {tools && <div className="flex shrink-0 items-center">{tools}</div>}
        <HeaderAccount />
      </div>
    </header>
  );
}

function Avatar({ account }: { account: ShellAccount }) {
  if (account.avatarUrl) {
    return (
      <MediaImage
        src={account.avatarUrl}
        shownAt={fixedSlot(36)}
        className="size-9 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 text-sm"
    >
      {initialsOf(account)}
    </span>
  );
}

/** The seller's avatar, name and store, linking to the account page, at the header's end. */
function HeaderAccount() {
  const { account } = useShellAccount();
  if (!account) return null;
  return (
    <Link
      to={paths.dashboard.account}
      className="flex min-h-11 shrink-0 items-center gap-2 rounded-control px-1 hover:bg-canvas"
    >
      <Avatar account={account} />
      {/* On phones the initials stand in for the name; the link still carries it for screen readers. */}
      <span className="sr-only md:not-sr-only md:flex md:max-w-44 md:flex-col md:leading-tight">
        <span className="truncate font-semibold text-ink text-sm">
          {account.firstName} {account.lastName}
        </span>
        <span className="truncate text-ink-muted text-xs">{account.storeName}</span>
      </span>
    </Link>
  );
}
