import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { initialsOf, type ShellAccount, useShellAccount } from '@/features/shell/shell-account';
import { useDocumentTitle } from '@/lib/document-title';
import { BrandMark } from '@/ui/brand-mark';

export interface DashboardScreenProps {
  title: string;
  /** One sentence on what the screen is for, shown under the header. */
  description: string;
  children?: ReactNode;
}

/**
 * The small frame every dashboard screen shares: a header bar with the brand and the screen's title,
 * then the screen. The full sidebar shell replaces it later.
 */
export function DashboardScreen({ title, description, children }: DashboardScreenProps) {
  const titleId = useId();
  useDocumentTitle(title);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 border-line border-b bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-3 px-4">
          <Link to={paths.dashboard.home} className="shrink-0 rounded-control">
            <BrandMark wordmark="from-sm" />
          </Link>
          <span className="h-6 w-px shrink-0 bg-line" aria-hidden />
          <h1 id={titleId} className="min-w-0 flex-1 truncate font-semibold text-ink text-lg">
            {title}
          </h1>
          <HeaderAccount />
        </div>
      </header>
      <main aria-labelledby={titleId} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <section className="rounded-card bg-surface p-5 shadow-card">
          <p className="text-ink-muted">{description}</p>
        </section>
        {children}
      </main>
    </div>
  );
}

function Avatar({ account }: { account: ShellAccount }) {
  if (account.avatarUrl) {
    return <img src={account.avatarUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />;
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

/** The seller's avatar, name and store (linking to the account page) and Log Out, at the header's end. */
function HeaderAccount() {
  const { account, onLogout } = useShellAccount();
  return (
    <div className="flex shrink-0 items-center gap-1 sm:gap-3">
      {account && (
        <Link
          to={paths.dashboard.account}
          className="flex min-h-11 items-center gap-2 rounded-control px-1 hover:bg-canvas"
        >
          <Avatar account={account} />
          {/* On phones the initials stand in for the name; the link still carries it for screen readers. */}
          <span className="sr-only sm:not-sr-only sm:flex sm:max-w-48 sm:flex-col sm:leading-tight">
            <span className="truncate font-semibold text-ink text-sm">
              {account.firstName} {account.lastName}
            </span>
            <span className="truncate text-ink-muted text-xs">{account.storeName}</span>
          </span>
        </Link>
      )}
      {onLogout && (
        <button
          type="button"
          onClick={onLogout}
          className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-control px-2 font-semibold text-ink-muted text-sm hover:bg-canvas hover:text-ink"
        >
          <LogOut className="size-5" aria-hidden />
          <span className="sr-only sm:not-sr-only">Log Out</span>
        </button>
      )}
    </div>
  );
}
