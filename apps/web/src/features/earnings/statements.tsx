import type { LedgerFilter } from '@kasuwa/contracts';
import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import {
  monthStart,
  recentMonths,
  statementCsvPath,
  statementPdfPath,
} from '@/features/earnings/earnings-api';
import { LEDGER_FILTER_TEXT, LEDGER_FILTERS } from '@/features/earnings/earnings-labels';
import { downloadFile, type FileDownloader, lagosDate } from '@/lib/download-file';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

const monthName = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const nameOfMonth = (month: string) => monthName.format(new Date(`${month}-15T00:00:00Z`));

function useDownload(download: FileDownloader, failure: string) {
  const [busy, setBusy] = useState(false);
  const run = async (path: string, fileName: string) => {
    setBusy(true);
    try {
      await download(path, fileName);
    } catch (error) {
      toast.error(failure, apiErrorDetail(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

const controlClasses =
  'min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink';

/** A CSV of any dates and a monthly PDF statement, for the seller's books and their bank. */
export function Statements({ download = downloadFile }: { download?: FileDownloader }) {
  const today = lagosDate();
  const [from, setFrom] = useState(() => monthStart(today));
  const [to, setTo] = useState(today);
  const [filter, setFilter] = useState<LedgerFilter>('all');
  const months = recentMonths(today);
  const [month, setMonth] = useState(months[1] ?? months[0] ?? today.slice(0, 7));
  const csv = useDownload(download, 'Could not download the CSV');
  const pdf = useDownload(download, 'Could not download the statement');
  const ids = { from: useId(), to: useId(), filter: useId(), month: useId() };
  const rangeOk = from !== '' && to !== '' && from <= to;

  return (
    <section
      aria-labelledby="statements-title"
      className="flex flex-col gap-5 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <h2 id="statements-title" className="font-semibold text-ink text-lg">
        Statements
      </h2>
      <div className="flex flex-col gap-3">
        <h3 className="font-medium text-ink">Transactions as CSV</h3>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.from} className="font-medium text-ink text-sm">
              From
            </label>
            <input
              id={ids.from}
              type="date"
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
              className={controlClasses}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.to} className="font-medium text-ink text-sm">
              To
            </label>
            <input
              id={ids.to}
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
              className={controlClasses}
            />
          </div>
          <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
            <label htmlFor={ids.filter} className="font-medium text-ink text-sm">
              Include
            </label>
            <select
              id={ids.filter}
              value={filter}
              onChange={(e) => setFilter(e.target.value as LedgerFilter)}
              className={controlClasses}
            >
              {LEDGER_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {LEDGER_FILTER_TEXT[f]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button
          variant="secondary"
          className="sm:self-start"
          disabled={!rangeOk}
          loading={csv.busy}
          onClick={() =>
            void csv.run(statementCsvPath({ from, to, filter }), `earnings-${from}-to-${to}.csv`)
          }
        >
          <Download className="size-4" aria-hidden />
          {csv.busy ? 'Downloading…' : 'Download CSV'}
        </Button>
      </div>
      <div className="flex flex-col gap-3 border-line border-t pt-5">
        <h3 className="font-medium text-ink">Monthly statement</h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-col gap-1.5 sm:w-56">
            <label htmlFor={ids.month} className="font-medium text-ink text-sm">
              Month
            </label>
            <select
              id={ids.month}
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              className={controlClasses}
            >
              {months.map((m) => (
                <option key={m} value={m}>
                  {nameOfMonth(m)}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            loading={pdf.busy}
            onClick={() => void pdf.run(statementPdfPath(month), `kasuwa-statement-${month}.pdf`)}
          >
            <FileText className="size-4" aria-hidden />
            {pdf.busy ? 'Downloading…' : 'Monthly statement (PDF)'}
          </Button>
        </div>
      </div>
    </section>
  );
}
