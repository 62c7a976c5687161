import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CsvSaver, toCsv } from '@/features/insights/csv';
import { Button } from '@/ui/button';

export type Column<T> = {
  header: string;
  /** What the cell shows. */
  cell: (row: T) => ReactNode;
  /** What the CSV holds: plain figures (naira without the sign), not formatted text. */
  csv: (row: T) => string | number;
  numeric?: boolean;
};

/**
 * A table of one chart's figures (its text alternative too), scrolled sideways on a phone, with a
 * "Download CSV" of exactly its rows.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  fileName,
  saveCsv,
}: {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  fileName: string;
  saveCsv: CsvSaver;
}) {
  const download = () =>
    saveCsv(
      toCsv(
        columns.map((c) => c.header),
        rows.map((r) => columns.map((c) => c.csv(r))),
      ),
      fileName,
    );
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        className="overflow-x-auto rounded-control border border-line"
      >
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-canvas text-ink-muted text-xs">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={`px-3 py-2 font-medium ${c.numeric ? 'text-right' : ''}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)} className="border-line border-t">
                {columns.map((c) => (
                  <td
                    key={c.header}
                    className={`px-3 py-2 text-ink ${c.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Button variant="secondary" size="sm" className="self-start" onClick={download}>
        <Download aria-hidden className="size-4" />
        Download CSV<span className="sr-only"> of {caption}</span>
      </Button>
    </div>
  );
}
