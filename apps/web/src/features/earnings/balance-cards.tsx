import type { EarningsSummaryResponse } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { ArrowUpRight, CircleAlert, Clock, Send, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatShortDate } from '@/features/earnings/earnings-labels';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { FitFigure } from '@/ui/fit-figure';
import { Unbroken } from '@/ui/unbroken';

/** Why the payout button is off, in words for the seller; null when a payout can be requested. */
export function payoutBlockReason(summary: EarningsSummaryResponse): string | null {
  if (summary.payoutBlockedReason) return summary.payoutBlockedReason;
  if (!summary.bankAccount) return 'Add the bank account your payouts go to first.';
  if (summary.available < summary.minimumPayout)
    return `You can request a payout once ${formatNaira(summary.minimumPayout)} is available.`;
  return null;
}

function Card({
  title,
  icon,
  value,
  children,
  tone = 'plain',
}: {
  title: string;
  icon: ReactNode;
  value: number;
  children?: ReactNode;
  tone?: 'plain' | 'warning';
}) {
  return (
    <section
      aria-label={title}
      className={clsx(
        '@container flex flex-col gap-1 rounded-card p-4 shadow-card',
        tone === 'warning' ? 'bg-amber-50 ring-1 ring-amber-200' : 'bg-surface',
      )}
    >
      <h3 className="flex items-center gap-1.5 font-medium text-ink-muted text-sm">
        {icon}
        {title}
      </h3>
      <p className="font-semibold text-ink text-xl tabular-nums">
        <FitFigure>{formatNaira(value)}</FitFigure>
      </p>
      {children && <div className="text-ink-muted text-xs">{children}</div>}
    </section>
  );
}

/** The balances: available (with the payout button) first and largest, then where the rest is. */
export function BalanceCards({
  summary,
  onRequestPayout,
  onPreload,
}: {
  summary: EarningsSummaryResponse;
  onRequestPayout: () => void;
  /** Starts the payout dialog's code on the first touch, before the tap completes. */
  onPreload?: () => void;
}) {
  const blocked = payoutBlockReason(summary);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <section
        aria-label="Available"
        className="col-span-2 flex flex-col gap-3 rounded-card bg-brand-700 p-5 text-white shadow-card"
      >
        <div>
          <h3 className="flex items-center gap-1.5 font-medium text-brand-100 text-sm">
            <Wallet className="size-4" aria-hidden />
            Available
          </h3>
          <p className="mt-1 font-bold text-3xl tabular-nums tracking-tight sm:text-4xl">
            {formatNaira(summary.available)}
          </p>
          <p className="mt-1 text-brand-100 text-sm">Yours to pay out to your bank.</p>
        </div>
        <div className="flex flex-col gap-2">
          <Button
            onClick={onRequestPayout}
            onPointerDown={onPreload}
            onFocus={onPreload}
            variant="secondary"
            disabled={blocked !== null}
            aria-describedby={blocked ? 'payout-blocked-reason' : undefined}
            className="border-transparent sm:self-start"
          >
            <ArrowUpRight className="size-4" aria-hidden />
            Request payout
          </Button>
          {blocked && (
            <p id="payout-blocked-reason" className="flex items-start gap-1.5 text-brand-50 text-sm">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {blocked}
            </p>
          )}
        </div>
      </section>
      <Card title="Pending" icon={<Clock className="size-4" aria-hidden />} value={summary.pending}>
        {summary.nextRelease ? (
          <>
            {formatNaira(summary.nextRelease.amount)} frees up on{' '}
            <Unbroken>{formatShortDate(summary.nextRelease.at)}</Unbroken>
          </>
        ) : (
          'Sales wait here until their return window closes.'
        )}
      </Card>
      <Card
        title="Paid out this month"
        icon={<Send className="size-4" aria-hidden />}
        value={summary.paidOutThisMonth}
      />
      {summary.inFlight > 0 && (
        <Card
          title="On its way to your bank"
          icon={<Send className="size-4" aria-hidden />}
          value={summary.inFlight}
        >
          Payouts being sent now.
        </Card>
      )}
      {summary.owed > 0 && (
        <Card
          title="Commission owed"
          icon={<CircleAlert className="size-4" aria-hidden />}
          value={summary.owed}
          tone="warning"
        >
          From cash orders; taken from the next money that frees up.
        </Card>
      )}
    </div>
  );
}

/** Grey cards standing in for the balances while they load. */
export function BalanceCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <span className="sr-only" role="status">
        Loading your balances
      </span>
      <div aria-hidden className="col-span-2 h-44 animate-pulse rounded-card bg-brand-100" />
      <div aria-hidden className="h-24 animate-pulse rounded-card bg-line" />
      <div aria-hidden className="h-24 animate-pulse rounded-card bg-line" />
    </div>
  );
}
