import { saveBlob } from '@/lib/download-file';

/*
 * The page's tables as CSV, made in the browser from the figures already on screen (each table is
 * at most a few dozen rows). A cell a spreadsheet would read as a formula is prefixed with an
 * apostrophe, as the server's exports do (lib/csv-export.ts).
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  return [header, ...rows]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

export type CsvSaver = (csv: string, fileName: string) => void;

export const saveCsv: CsvSaver = (csv, fileName) =>
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
