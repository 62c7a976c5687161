import { buffer } from 'node:stream/consumers';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import {
  type StatementSummary,
  statementPageCount,
  statementPdf,
} from '@/modules/statements/statement-pdf.ts';
import type { StatementRow } from '@/modules/statements/statement-rows.ts';

const summary = (lineCount: number): StatementSummary => ({
  storeName: 'Adaeze Fabrics',
  email: 'adaeze@example.ng',
  month: '2026-03',
  firstDay: '2026-03-01',
  lastDay: '2026-03-31',
  openingAvailableKobo: 0,
  closingAvailableKobo: 0,
  totals: {
    salesKobo: 0,
    cashCollectedKobo: 0,
    commissionKobo: 0,
    feesKobo: 0,
    refundsKobo: 0,
    payoutsKobo: 0,
  },
  lineCount,
  generatedAt: new Date('2026-04-01T08:00:00.000Z'),
});

/** `count` sale lines numbered from KSW-200001, a batch of 50 at a time, as the cursor gives them. */
async function* lines(count: number): AsyncGenerator<StatementRow[]> {
  for (let start = 0; start < count; start += 50) {
    const batch: StatementRow[] = [];
    for (let i = start; i < Math.min(count, start + 50); i++)
      batch.push({
        at_lagos: '2026-03-05 14:05',
        kind: 'sale',
        description: `Sale KSW-${200001 + i} with a description long enough to be cut short at the column's edge`,
        order_number: `KSW-${200001 + i}`,
        balance: 'pending',
        amount_kobo: 123_450,
        available_after_kobo: 0,
      });
    yield batch;
  }
}

const pagesOf = async (pdf: Buffer) => {
  const parsed = await new PDFParse({ data: pdf }).getText();
  return parsed.pages.map((p) => p.text.replace(/\s+/g, ' '));
};

describe('the monthly statement PDF', () => {
  it.each([[1], [40], [41], [120]])(
    'with %i lines numbers every page "Page i of n", n as counted before drawing, and prints every line once',
    async (count) => {
      const pdf = await buffer(statementPdf(summary(count), lines(count)));
      const pages = await pagesOf(pdf);
      expect(pages).toHaveLength(statementPageCount(count));
      pages.forEach((text, i) => {
        expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      });
      const all = pages.join(' ');
      for (let i = 0; i < count; i++) expect(all).toContain(`KSW-${200001 + i} Pending ₦1,234.50`);
      // A description too long for its column is cut with an ellipsis, never wrapped onto the next row.
      expect(all).toMatch(/Sale KSW-200001 with a descr\w*… KSW-200001/);
      expect(all).toContain('Date (Lagos) Type Description');
    },
  );

  it('a month with more lines than a PDF prints says how many it printed and points to the CSV', async () => {
    const pdf = await buffer(statementPdf(summary(130), lines(130), 100));
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(statementPageCount(100, true));
    const all = pages.join(' ');
    expect(all).toContain('Transactions (130)');
    expect(all).toContain('KSW-200100');
    expect(all).not.toContain('KSW-200101');
    expect(all).toContain("The first 100 of this month's 130 lines are printed here");
    expect(all).toContain('Download the CSV statement of the month for every line.');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('stops reading lines when the download is abandoned', async () => {
    let batchesRead = 0;
    async function* counted() {
      for await (const b of lines(5_000)) {
        batchesRead++;
        yield b;
      }
    }
    const stream = statementPdf(summary(5_000), counted());
    for await (const _ of stream) {
      stream.destroy();
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(batchesRead).toBeLessThan(100);
  });
});
