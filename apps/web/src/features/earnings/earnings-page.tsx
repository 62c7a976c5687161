import type { PayoutSchedule } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BalanceCards, BalanceCardsSkeleton } from '@/features/earnings/balance-cards';
import { BankAccountSection } from '@/features/earnings/bank-account';
import { EarningsChart } from '@/features/earnings/earnings-chart';
import { earningsQueries } from '@/features/earnings/earnings-queries';
import { PayoutHistory } from '@/features/earnings/payout-history';
import { Statements } from '@/features/earnings/statements';
import { Transactions } from '@/features/earnings/transactions';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { downloadFile, type FileDownloader } from '@/lib/download-file';
import { useMediaQuery } from '@/lib/use-media-query';
import { LoadFailed } from '@/ui/list-skeleton';

/** Tailwind's lg: from here the page has a side column. */
const BESIDE_QUERY = '(min-width: 1024px)';

/*
 * The dialogs carry the contract's zod schemas (the step-up, the payout and bank bodies): each is
 * a chunk of its own, started on the first touch of its button, so the screen itself stays light
 * on a phone.
 */
const loadPayoutDialog = () => import('@/features/earnings/payout-dialog');
const loadBankDialog = () => import('@/features/earnings/bank-account-dialog');
const loadScheduleDialog = () => import('@/features/earnings/schedule-dialog');
const PayoutDialog = lazy(loadPayoutDialog);
const BankAccountDialog = lazy(loadBankDialog);
const ScheduleDialog = lazy(loadScheduleDialog);
const preload = (load: () => Promise<unknown>) => () => {
  load().catch(() => {
    // Offline for a moment: lazy() asks again when the dialog opens.
  });
};

export interface EarningsPageProps {
  api?: ApiClient;
  download?: FileDownloader;
}

/** The Earnings & Payouts screen (issue 15): balances, chart, transactions, payouts, bank, statements. */
export function EarningsPage({ api = appApi, download = downloadFile }: EarningsPageProps) {
  const summary = useQuery(earningsQueries.summary(api));
  const [payoutOpen, setPayoutOpen] = useState(false);
  const [bankOpen, setBankOpen] = useState(false);
  const [schedule, setSchedule] = useState<PayoutSchedule | null>(null);
  // Mounted from the first open on, so closing keeps the dialog's closing state tidy.
  const [opened, setOpened] = useState({ payout: false, bank: false, schedule: false });
  const data = summary.data;
  const beside = useMediaQuery(BESIDE_QUERY);

  return (
    <div className="flex flex-col gap-4">
      {summary.isPending ? (
        <BalanceCardsSkeleton />
      ) : summary.isError && !data ? (
        <section aria-label="Balances" className="rounded-card bg-surface shadow-card">
          <LoadFailed what="your balances" onRetry={() => void summary.refetch()} />
        </section>
      ) : data ? (
        <BalanceCards
          summary={data}
          onPreload={preload(loadPayoutDialog)}
          onRequestPayout={() => {
            setOpened((o) => ({ ...o, payout: true }));
            setPayoutOpen(true);
          }}
        />
      ) : null}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <EarningsChart api={api} />
        </div>
        <div className="flex flex-col gap-4">
          {data ? (
            <BankAccountSection
              summary={data}
              onPreload={preload(loadBankDialog)}
              onChangeAccount={() => {
                setOpened((o) => ({ ...o, bank: true }));
                setBankOpen(true);
              }}
              onSchedule={(next) => {
                if (next === data.schedule) return;
                preload(loadScheduleDialog)();
                setOpened((o) => ({ ...o, schedule: true }));
                setSchedule(next);
              }}
            />
          ) : (
            <div aria-hidden className="hidden h-64 animate-pulse rounded-card bg-line lg:block" />
          )}
          {beside && <Statements download={download} />}
        </div>
      </div>
      <Transactions api={api} />
      <PayoutHistory api={api} />
      {/* On a phone the statements come last; on a wide screen they sit beside the chart. */}
      {!beside && <Statements download={download} />}
      <Suspense fallback={null}>
        {data && opened.payout && (
          <PayoutDialog api={api} open={payoutOpen} onOpenChange={setPayoutOpen} summary={data} />
        )}
        {data && opened.bank && (
          <BankAccountDialog
            api={api}
            open={bankOpen}
            onOpenChange={setBankOpen}
            current={data.bankAccount}
          />
        )}
        {data && opened.schedule && (
          <ScheduleDialog api={api} schedule={schedule} onClose={() => setSchedule(null)} />
        )}
      </Suspense>
    </div>
  );
}
