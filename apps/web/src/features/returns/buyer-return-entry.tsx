import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { formatDate } from '@/features/returns/return-deadline';
import { returnQueries } from '@/features/returns/returns-queries';
import type { ApiClient } from '@/lib/api-client';
import { buttonClasses } from '@/ui/button';

/**
 * On the buyer's order page, once the order has arrived: "Return an item" while the seller's window
 * is open (GET /buyer/orders/:id/return-options says so), "View return" when one is already open,
 * or why it cannot be returned. Nothing while it loads or if the question fails: the order page
 * stays the order page.
 */
export function BuyerReturnEntry({ api, orderId }: { api: ApiClient; orderId: string }) {
  const query = useQuery(returnQueries.options(api, orderId));
  const options = query.data;
  if (!options) return null;
  if (options.openReturnId) {
    return (
      <section
        aria-label="Return"
        className="flex items-center gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        <Undo2 className="size-6 shrink-0 text-brand-600" aria-hidden />
        <p className="min-w-0 flex-1 text-ink text-sm">You have a return open on this order.</p>
        <Link to={paths.myReturn(options.openReturnId)} className={buttonClasses({ variant: 'secondary' })}>
          View return
        </Link>
      </section>
    );
  }
  if (!options.eligible) {
    return options.reason ? (
      <section aria-label="Return" className="rounded-card bg-surface p-4 text-ink-muted text-sm shadow-card">
        {options.reason}
      </section>
    ) : null;
  }
  return (
    <section aria-label="Return" className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-start gap-3">
        <Undo2 className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold text-ink">Something wrong with your order?</p>
          <p className="text-ink-muted text-sm">
            {options.windowEndsAt
              ? `You can ask for a return until ${formatDate(options.windowEndsAt)}.`
              : 'You can ask the seller for a return.'}
          </p>
        </div>
      </div>
      <Link
        to={paths.myOrderReturn(orderId)}
        className={buttonClasses({ variant: 'secondary', fullWidth: true })}
      >
        Return an item
      </Link>
    </section>
  );
}
