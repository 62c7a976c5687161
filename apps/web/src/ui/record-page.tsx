import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/ui/button';

/** The link back to the list above a record's page (an order, a return, a customer). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-10 items-center gap-1 self-start text-brand-700 text-sm">
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/**
 * A record that is not there for this seller: the server answers 404 (never 403) for another
 * store's record and 400 for an id that is no id, so both read as "not found", with the way back.
 */
export function NotFoundCard({
  title,
  what,
  backTo,
  backLabel,
}: {
  title: string;
  /** The record's kind, as in "a link to another store's {what}". */
  what: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card bg-surface px-4 py-12 text-center shadow-card">
      <SearchX className="size-10 text-ink-subtle" aria-hidden />
      <h2 className="font-semibold text-ink text-lg">{title}</h2>
      <p className="max-w-sm text-ink-muted text-sm">
        It may have been a link to another store’s {what}, or a mistyped address.
      </p>
      <Link to={backTo} className={buttonClasses({ variant: 'secondary' })}>
        {backLabel}
      </Link>
    </div>
  );
}
