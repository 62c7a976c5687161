import { clsx } from 'clsx';
import { ChevronDown, ExternalLink, LifeBuoy, LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { NAV_ITEMS, type NavItem, sectionContains } from '@/features/shell/nav-items';
import { useShellAccount } from '@/features/shell/shell-account';
import { externalLinks } from '@/lib/external-links';
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

/** The dashboard's navigation: the spec's entries in order, sub-menus that toggle, and the footer. */
export function Sidebar({ variant, onNavigate }: SidebarProps) {
  const { onLogout } = useShellAccount();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to={paths.dashboard.home} onClick={onNavigate} className="rounded-control">
          <BrandMark />
        </Link>
      </div>
      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
        <ul className="flex flex-col gap-0.5">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavEntry item={item} onNavigate={onNavigate} />
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
              <NavLink
                to={paths.dashboard.help}
                onClick={onNavigate}
                className={({ isActive }) => rowClasses(isActive)}
              >
                <LifeBuoy className="size-5 shrink-0" aria-hidden />
                Help &amp; Support
              </NavLink>
            )}
          </li>
          <li>
            <NavLink
              to={paths.dashboard.account}
              onClick={onNavigate}
              className={({ isActive }) => rowClasses(isActive)}
            >
              <UserRound className="size-5 shrink-0" aria-hidden />
              Account
            </NavLink>
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

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: (() => void) | undefined }) {
  const { pathname } = useLocation();
  const inSection = sectionContains(item, pathname);
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
    <NavLink
      to={item.to}
      end
      onClick={onNavigate}
      className={({ isActive }) => clsx(rowClasses(isActive), item.children && 'pr-12')}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {item.label}
    </NavLink>
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
            <NavLink
              to={child.to}
              onClick={onNavigate}
              className={({ isActive }) => clsx(rowClasses(isActive), 'min-h-10')}
            >
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}
