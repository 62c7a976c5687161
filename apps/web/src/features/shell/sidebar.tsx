import { clsx } from 'clsx';
import { ChevronDown, ExternalLink, LifeBuoy, LogOut, UserRound } from 'lucide-react';
import { memo, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { NAV_ITEMS, type NavItem, pathWithin, sectionContains } from '@/features/shell/nav-items';
import { useShellAccount } from '@/features/shell/shell-account';
import { externalLinks } from '@/lib/external-links';
import { AppLink } from '@/ui/app-link';
import { BrandMark } from '@/ui/brand-mark';

const rowClasses = (active: boolean) =>
  clsx(
    'flex min-h-11 w-full items-center gap-3 rounded-control px-3 font-medium text-sm transition-colors',
    active ? 'bg-brand-50 text-brand-800' : 'text-ink-muted hover:bg-canvas hover:text-ink',
  );

export interface SidebarProps {
  /** On phones Help & Support opens the in-app help screen instead of the external help centre. */
  variant: 'desktop' | 'mobile';
  /** Called after following a link, so the mobile drawer can close. */
  onNavigate?: () => void;
}

/** Marks the entry of the screen on show, as NavLink does. */
const current = (active: boolean) => (active ? ('page' as const) : undefined);

/**
 * The dashboard's navigation: the spec's entries in order, sub-menus that toggle, and the footer.
 * The path is read here once; each entry is memoised on what it shows (whether it is the current
 * screen, or holds it), so a navigation redraws the entries whose state changed, and a page turn
 * (the search alone changes) none of them.
 */
export function Sidebar({ variant, onNavigate }: SidebarProps) {
  const { onLogout } = useShellAccount();
  const { pathname } = useLocation();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <AppLink to={paths.dashboard.home} onClick={onNavigate} className="rounded-control">
          <BrandMark />
        </AppLink>
      </div>
      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
        <ul className="flex flex-col gap-0.5">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavEntry
                item={item}
                onNavigate={onNavigate}
                active={pathname === item.to}
                inSection={sectionContains(item, pathname)}
                activeChild={item.children?.find((child) => pathWithin(pathname, child.to))?.to}
              />
            </li>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 border-line border-t px-3 py-3">
        <ul className="flex flex-col gap-0.5">
          <li>
            {variant === 'desktop' ? (
              <a
                href={externalLinks.helpCentre}
                target="_blank"
                rel="noreferrer"
                className={rowClasses(false)}
              >
                <LifeBuoy className="size-5 shrink-0" aria-hidden />
                <span className="flex-1">Help &amp; Support</span>
                <ExternalLink className="size-4 shrink-0" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <AppLink
                to={paths.dashboard.help}
                onClick={onNavigate}
                aria-current={current(pathWithin(pathname, paths.dashboard.help))}
                className={rowClasses(pathWithin(pathname, paths.dashboard.help))}
              >
                <LifeBuoy className="size-5 shrink-0" aria-hidden />
                Help &amp; Support
              </AppLink>
            )}
          </li>
          <li>
            <AppLink
              to={paths.dashboard.account}
              onClick={onNavigate}
              aria-current={current(pathWithin(pathname, paths.dashboard.account))}
              className={rowClasses(pathWithin(pathname, paths.dashboard.account))}
            >
              <UserRound className="size-5 shrink-0" aria-hidden />
              Account
            </AppLink>
          </li>
          {onLogout && (
            <li>
              <button type="button" onClick={onLogout} className={rowClasses(false)}>
                <LogOut className="size-5 shrink-0" aria-hidden />
                Log Out
              </button>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}

interface NavEntryProps {
  item: NavItem;
  onNavigate?: (() => void) | undefined;
  /** The entry's own screen is on show (NavLink's `end`: its exact path). */
  active: boolean;
  /** The screen on show is the entry's or one of its sub-items'. */
  inSection: boolean;
  /** The sub-item whose screen (or a page under it) is on show. */
  activeChild: string | undefined;
}

const NavEntry = memo(function NavEntry({ item, onNavigate, active, inSection, activeChild }: NavEntryProps) {
  const [open, setOpen] = useState(inSection);
  // Arriving in a section (Products, or one of its pages) shows its sub-items without a second
  // tap on the chevron; the seller can still fold it away while there.
  useEffect(() => {
    if (inSection) setOpen(true);
  }, [inSection]);
  const subMenuId = useId();
  const Icon = item.icon;

  if (item.external) {
    return (
      <a href={item.to} target="_blank" rel="noreferrer" className={rowClasses(false)}>
        <Icon className="size-5 shrink-0" aria-hidden />
        <span className="flex-1">{item.label}</span>
        <ExternalLink className="size-4 shrink-0" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }

  const link = (
    <AppLink
      to={item.to}
      onClick={onNavigate}
      aria-current={current(active)}
      className={clsx(rowClasses(active), item.children && 'pr-12')}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {item.label}
    </AppLink>
  );
  if (!item.children) return link;

  return (
    <>
      <div className="relative">
        {link}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={subMenuId}
          aria-label={`${open ? 'Hide' : 'Show'} ${item.label} menu`}
          onClick={() => setOpen((v) => !v)}
          className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
        >
          <ChevronDown className={clsx('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </div>
      <ul
        id={subMenuId}
        hidden={!open}
        className="mt-0.5 ml-8 flex flex-col gap-0.5 border-line border-l pl-2"
      >
        {item.children.map((child) => (
          <li key={child.to}>
            <AppLink
              to={child.to}
              onClick={onNavigate}
              aria-current={current(child.to === activeChild)}
              className={clsx(rowClasses(child.to === activeChild), 'min-h-10')}
            >
              {child.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </>
  );
});
