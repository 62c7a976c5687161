import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * CSV text of batches of rows, streamed: each batch is written as it arrives, with back-pressure,
 * so memory holds a batch whatever the export's size. Destroying the stream (the client went away)
 * stops the batches and frees their connection.
 */
export function csvStream<Row>(
  header: readonly string[],
  batches: AsyncGenerator<Row[]>,
  record: (row: Row) => string[],
): Readable {
  async function* records() {
    for await (const batch of batches) for (const row of batch) yield record(row);
  }
  // A BOM so Excel reads the naira sign and Nigerian names as UTF-8.
  const out = stringify({ header: true, columns: [...header], bom: true });
  return pipeline(Readable.from(records()), out, () => {});
}

/** Sends a CSV stream as a download the browser saves under `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
