import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { LEDGER_ENTRY_KIND_LABELS } from '@kasuwa/contracts';
import PDFDocument from 'pdfkit';
import { nairaText } from '@/lib/naira.ts';
import { STATEMENT_BALANCE_LABELS, type StatementRow } from '@/modules/statements/statement-rows.ts';

/**
 * The monthly statement as a PDF, drawn with pdfkit and STREAMED: the month's lines come a batch at
 * a time from a cursor and each finished page leaves as it is drawn, so a month of 80,000 lines
 * holds one batch and one page in memory. Every row is one line high (long descriptions are cut
 * with an ellipsis), so the number of pages is known before the first is drawn and every footer
 * can say "Page 3 of 12" without buffering the document.
 */

/**
 * The bundled DejaVu font (PDF's standard fonts have no naira sign): beside the server bundle in
 * dist/fonts (build.mjs copies the shipping module's), or the shipping module's folder in sources.
 */
function fontFile(name: string): string {
  for (const candidate of [`./fonts/${name}`, `../shipping/fonts/${name}`]) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error(`font ${name} not found`);
}
const FONT = fontFile('DejaVuSansCondensed.ttf');
const BOLD = fontFile('DejaVuSansCondensed-Bold.ttf');

export type StatementTotals = {
  salesKobo: number;
  /** Pay-on-delivery money the seller took in hand (a negative figure: the sale was paid to them). */
  cashCollectedKobo: number;
  /** Commission taken, less commission given back on refunds (a negative figure or zero). */
  commissionKobo: number;
  feesKobo: number;
  refundsKobo: number;
  /** Payouts sent, less payouts the bank returned. */
  payoutsKobo: number;
};

export type StatementSummary = {
  storeName: string;
  email: string;
  /** YYYY-MM. */
  month: string;
  /** The Lagos days the statement covers: the month's first, and its last (or today for this month). */
  firstDay: string;
  lastDay: string;
  openingAvailableKobo: number;
  closingAvailableKobo: number;
  totals: StatementTotals;
  lineCount: number;
  generatedAt: Date;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const ROW = 13;
const FOOTER_Y = A4.height - MARGIN + 8;
const BOTTOM = A4.height - MARGIN - 6;
/** Where the table's header sits on the first page (below the summary) and on the others. */
const FIRST_TABLE_TOP = 345;
const OTHER_TABLE_TOP = MARGIN + 26;
const TABLE_HEADER = 18;

/**
 * A PDF prints at most this many lines (about 95 pages): drawing costs about 1 ms a line, and a
 * month longer than this is read in the CSV. The summary's totals always count every line.
 */
export const MAX_PDF_LINES = 5_000;

const firstPageRows = Math.floor((BOTTOM - FIRST_TABLE_TOP - TABLE_HEADER) / ROW);
const otherPageRows = Math.floor((BOTTOM - OTHER_TABLE_TOP - TABLE_HEADER) / ROW);

/**
 * How many pages a statement of `lines` printed lines takes (the first page carries the summary),
 * `withNote` when a note that the lines were cut follows them.
 */
export const statementPageCount = (lines: number, withNote = false) => {
  const pages = lines <= firstPageRows ? 1 : 1 + Math.ceil((lines - firstPageRows) / otherPageRows);
  // A cut statement ends with a note of three rows; on a full last page it takes a page of its own.
  if (withNote) {
    const onLast = lines <= firstPageRows ? lines : (lines - firstPageRows) % otherPageRows || otherPageRows;
    const room = (lines <= firstPageRows ? firstPageRows : otherPageRows) - onLast;
    if (room < 3) return pages + 1;
  }
  return pages;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** "2026-11-05" → "5 November 2026". */
export const longDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${LONG_MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
/** "2026-11" → "November 2026". */
export const monthName = (month: string) =>
  `${LONG_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** A row's Lagos time "2026-11-05 14:05" → "5 Nov 14:05". */
const rowDate = (atLagos: string) =>
  `${Number(atLagos.slice(8, 10))} ${MONTHS[Number(atLagos.slice(5, 7)) - 1]} ${atLagos.slice(11, 16)}`;
const lagosStamp = (d: Date) =>
  d.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

const WIDTH = A4.width - MARGIN * 2;
const COLUMNS = [
  { title: 'Date (Lagos)', width: 60, align: 'left' },
  { title: 'Type', width: 92, align: 'left' },
  { title: 'Description', width: 136, align: 'left' },
  { title: 'Order', width: 56, align: 'left' },
  { title: 'Balance', width: 44, align: 'left' },
  { title: 'Amount', width: 62, align: 'right' },
  { title: 'Available', width: WIDTH - 60 - 92 - 136 - 56 - 44 - 62, align: 'right' },
] as const;
const columnX = COLUMNS.map((_, i) => MARGIN + COLUMNS.slice(0, i).reduce((s, c) => s + c.width, 0));

/** `text` cut to fit `width` at the current font, with an ellipsis when it did not. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let s = text;
  while (s.length > 1 && doc.widthOfString(`${s}…`) > width) s = s.slice(0, Math.max(1, s.length - 2));
  return `${s}…`;
}

/** One line of text at (x, y) that never wraps and never starts a page of its own. */
function cell(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' = 'left',
) {
  doc.text(fit(doc, text, width - 4), x, y, { width: width - 4, align, lineBreak: false });
}

function tableHeader(doc: PDFKit.PDFDocument, y: number) {
  doc.font('bold').fontSize(8).fillColor('#000000');
  COLUMNS.forEach((c, i) => {
    cell(doc, c.title, columnX[i] ?? MARGIN, y, c.width, c.align);
  });
  doc
    .moveTo(MARGIN, y + 12)
    .lineTo(MARGIN + WIDTH, y + 12)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.font('body').fontSize(8);
  return y + TABLE_HEADER;
}

function footer(doc: PDFKit.PDFDocument, s: StatementSummary, page: number, pages: number) {
  // Writing below the bottom margin would make pdfkit start a page; the footer lives there.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.font('body').fontSize(7).fillColor('#666666');
  cell(doc, `${s.storeName} · Kasuwa statement · ${monthName(s.month)}`, MARGIN, FOOTER_Y, WIDTH * 0.7);
  cell(
    doc,
    `Page ${page.toLocaleString('en-NG')} of ${pages.toLocaleString('en-NG')}`,
    MARGIN + WIDTH * 0.7,
    FOOTER_Y,
    WIDTH * 0.3,
    'right',
  );
  doc.page.margins.bottom = bottom;
  doc.fillColor('#000000').font('body').fontSize(8);
}

/** The first page's head: who, which month, the balances and the month's totals. */
function summaryBlock(doc: PDFKit.PDFDocument, s: StatementSummary) {
  doc.font('bold').fontSize(18).fillColor('#000000');
  cell(doc, s.storeName, MARGIN, MARGIN, WIDTH);
  doc.font('body').fontSize(9).fillColor('#555555');
  cell(doc, s.email, MARGIN, MARGIN + 24, WIDTH);
  doc.font('bold').fontSize(14).fillColor('#000000');
  cell(doc, `Earnings statement — ${monthName(s.month)}`, MARGIN, MARGIN + 46, WIDTH);
  doc.font('body').fontSize(9).fillColor('#555555');
  cell(
    doc,
    `Period ${longDay(s.firstDay)} to ${longDay(s.lastDay)} (Lagos time) · generated ${lagosStamp(s.generatedAt)}`,
    MARGIN,
    MARGIN + 66,
    WIDTH,
  );

  const top = MARGIN + 92;
  const half = WIDTH / 2 - 12;
  const row = (label: string, kobo: number, x: number, y: number, bold = false) => {
    doc
      .font(bold ? 'bold' : 'body')
      .fontSize(10)
      .fillColor('#000000');
    cell(doc, label, x, y, half * 0.62);
    cell(doc, nairaText(kobo), x + half * 0.62, y, half * 0.38, 'right');
  };
  doc.font('bold').fontSize(11).fillColor('#000000');
  cell(doc, 'Balances', MARGIN, top, half);
  cell(doc, 'This month', MARGIN + WIDTH / 2 + 12, top, half);
  const left = MARGIN;
  const right = MARGIN + WIDTH / 2 + 12;
  row(`Opening, ${longDay(s.firstDay)}`, s.openingAvailableKobo, left, top + 22);
  row(`Closing, ${longDay(s.lastDay)}`, s.closingAvailableKobo, left, top + 40, true);
  doc.font('body').fontSize(8).fillColor('#555555');
  cell(doc, 'Available balance: the money you can pay out.', left, top + 60, half);

  const t = s.totals;
  const net = t.salesKobo + t.commissionKobo + t.feesKobo + t.refundsKobo;
  const lines: Array<[string, number, boolean]> = [
    ['Sales', t.salesKobo, false],
    ...(t.cashCollectedKobo !== 0
      ? [['Cash you collected', t.cashCollectedKobo, false] as [string, number, boolean]]
      : []),
    ['Commission', t.commissionKobo, false],
    ['Payment fees', t.feesKobo, false],
    ['Refunds', t.refundsKobo, false],
    ['Net earnings', net, true],
    ['Payouts', t.payoutsKobo, false],
  ];
  lines.forEach(([label, kobo, bold], i) => {
    row(label, kobo, right, top + 22 + i * 17, bold);
  });

  doc.font('body').fontSize(8).fillColor('#555555');
  doc.text(
    'Sales wait in pending until their return window has passed, then move to available, from which payouts ' +
      'are paid. Amounts are signed: what a line added to or took from your balance. "Available" is your ' +
      'available balance after the line.',
    MARGIN,
    top + 150,
    { width: WIDTH },
  );
  doc.font('bold').fontSize(11).fillColor('#000000');
  cell(doc, `Transactions (${s.lineCount.toLocaleString('en-NG')})`, MARGIN, FIRST_TABLE_TOP - 20, WIDTH);
}

/**
 * pdfkit keeps the layout of every distinct word it has drawn, for the document's life: with an
 * order number and amounts on every line, that grows with the month. Without the cache a line
 * costs five times as long (measured: 20,000 lines 58 s against 11 s), so it is emptied at every
 * page instead: the words a page repeats (labels, dates) are laid out once a page.
 */
function forgetWordLayouts(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
    ._fontFamilies;
  for (const font of Object.values(families ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null);
  }
}

/**
 * The statement of one month as a PDF stream: the summary on page 1, then `summary.lineCount`
 * lines from `batches` (in order), a footer with the page number on every page. A failure of the
 * batches destroys the stream; destroying the stream (the client went away) stops the batches.
 */
export function statementPdf(
  summary: StatementSummary,
  batches: AsyncGenerator<StatementRow[]>,
  maxLines = MAX_PDF_LINES,
): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: true,
    info: { Title: `Kasuwa statement ${summary.month} — ${summary.storeName}`, Author: 'Kasuwa' },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  const printed = Math.min(summary.lineCount, maxLines);
  const pages = statementPageCount(printed, printed < summary.lineCount);

  // Back-pressure: pdfkit pushes whatever is drawn; Node calls `_read` when the reader wants more.
  // Drawing waits while more than a megabyte is unread, so a slow download holds little memory.
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  doc._read = resume;
  doc.once('close', resume);
  const unreadBelow = async (limit: number) => {
    while (!doc.destroyed && doc.readableLength > limit) await new Promise<void>((r) => (wake = r));
  };

  async function draw() {
    let page = 1;
    summaryBlock(doc, summary);
    footer(doc, summary, page, pages);
    let y = tableHeader(doc, FIRST_TABLE_TOP);
    let drawn = 0;
    if (summary.lineCount === 0) {
      doc.font('body').fontSize(10).fillColor('#555555');
      cell(doc, 'No transactions this month.', MARGIN, y + 4, WIDTH);
    }
    lines: for await (const batch of batches) {
      for (const r of batch) {
        // The count was read before the lines: a line posted since is left for next time.
        if (drawn >= printed || doc.destroyed) break lines;
        if (y + ROW > BOTTOM) {
          doc.addPage();
          forgetWordLayouts(doc);
          // A page is about 50 ms of drawing: other requests get their turn between pages.
          await new Promise<void>((r) => setImmediate(r));
          await unreadBelow(1024 * 1024);
          if (doc.destroyed) break lines;
          page++;
          footer(doc, summary, page, pages);
          y = tableHeader(doc, OTHER_TABLE_TOP);
        }
        const values = [
          rowDate(r.at_lagos),
          LEDGER_ENTRY_KIND_LABELS[r.kind] ?? r.kind,
          r.description,
          r.order_number ?? '',
          STATEMENT_BALANCE_LABELS[r.balance] ?? r.balance,
          nairaText(Number(r.amount_kobo)),
          nairaText(Number(r.available_after_kobo)),
        ];
        values.forEach((v, i) => {
          const c = COLUMNS[i];
          if (c) cell(doc, v, columnX[i] ?? MARGIN, y, c.width, c.align);
        });
        y += ROW;
        drawn++;
      }
    }
    if (printed < summary.lineCount && !doc.destroyed) {
      if (y + ROW * 3 > BOTTOM) {
        doc.addPage();
        page++;
        footer(doc, summary, page, pages);
        y = OTHER_TABLE_TOP;
      }
      doc.font('bold').fontSize(9).fillColor('#000000');
      doc.text(
        `The first ${printed.toLocaleString('en-NG')} of this month's ${summary.lineCount.toLocaleString('en-NG')} lines are printed here; ` +
          'the totals above count them all. Download the CSV statement of the month for every line.',
        MARGIN,
        y + 8,
        { width: WIDTH },
      );
    }
    if (!doc.destroyed) doc.end();
  }
  draw().catch((err: Error) => doc.destroy(err));
  return doc;
}
