import type { EarningsSummaryResponse, PayoutSchedule } from '@kasuwa/contracts';
import { Landmark, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { formatMoment, PAYOUT_SCHEDULE_TEXT, PAYOUT_SCHEDULES } from '@/features/earnings/earnings-labels';
import { Button } from '@/ui/button';

/** When payouts resume after a bank change, or null when they are not held (now or never held). */
export function payoutHoldEnd(summary: EarningsSummaryResponse, now: number = Date.now()): string | null {
  const until = summary.payoutHoldUntil;
  return until && new Date(until).getTime() > now ? until : null;
}

/** The account payouts go to, the hold after a change, and the payout schedule. */
export function BankAccountSection({
  summary,
  onChangeAccount,
  onSchedule,
  onPreload,
}: {
  summary: EarningsSummaryResponse;
  onChangeAccount: () => void;
  onSchedule: (schedule: PayoutSchedule) => void;
  onPreload?: () => void;
}) {
  const account = summary.bankAccount;
  const hold = payoutHoldEnd(summary);
  const scheduleId = useId();
  return (
    <section
      aria-labelledby="bank-account-title"
      className="flex flex-col gap-4 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="bank-account-title" className="font-semibold text-ink text-lg">
          Bank account
        </h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={onChangeAccount}
          onPointerDown={onPreload}
          onFocus={onPreload}
        >
          {account ? 'Change' : 'Add bank account'}
        </Button>
      </div>
      {account ? (
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Landmark className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="font-medium text-ink">
              {account.bankName} <span className="tabular-nums">••••{account.accountNumber.slice(-4)}</span>
            </p>
            <p className="truncate text-ink-muted text-sm">{account.accountName}</p>
          </div>
        </div>
      ) : (
        <p className="text-ink-muted text-sm">
          Add the account your payouts should go to. We check its name with your bank.
        </p>
      )}
      {hold && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-control bg-amber-50 p-3 text-amber-900 text-sm"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Your bank account changed recently. Payouts resume on <strong>{formatMoment(hold)}</strong>.
          </span>
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={scheduleId} className="font-medium text-ink text-sm">
          Payout schedule
        </label>
        <select
          id={scheduleId}
          value={summary.schedule}
          onChange={(e) => onSchedule(e.target.value as PayoutSchedule)}
          onFocus={onPreload}
          disabled={!account}
          className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink disabled:bg-canvas sm:max-w-xs"
          aria-describedby={`${scheduleId}-hint`}
        >
          {PAYOUT_SCHEDULES.map((schedule) => (
            <option key={schedule} value={schedule}>
              {PAYOUT_SCHEDULE_TEXT[schedule]}
            </option>
          ))}
        </select>
        <p id={`${scheduleId}-hint`} className="text-ink-muted text-sm">
          {summary.schedule === 'manual'
            ? 'You request each payout yourself.'
            : `Your whole available balance is sent ${summary.schedule === 'weekly' ? 'every Monday' : 'every day'} when it is at least the minimum.`}
        </p>
      </div>
    </section>
  );
}
