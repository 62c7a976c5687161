import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NAME } from '@kasuwa/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The printable poster for a market stall (issue 17): A4, the store's name, a large QR code of the
 * store link and the link written out for those who type it. The QR code is drawn as vector squares
 * (qrcode gives the module matrix), so it prints sharp at any size.
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

const A4 = { width: 595.28, height: 841.89 };
const GREEN = '#14532D';

export type PosterContent = {
  storeName: string;
  storeLink: string;
  /** e.g. "Next live show: Sat 5 Dec, 7:00 pm" — or null. */
  showLine: string | null;
};

export function qrPosterPdf(content: PosterContent): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${content.storeName} on ${PRODUCT_NAME}`, Author: PRODUCT_NAME },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  const inner = A4.width - 96;

  doc.rect(0, 0, A4.width, 120).fill(GREEN);
  doc
    .fillColor('#FFFFFF')
    .font('bold')
    .fontSize(16)
    .text(`Shop live on ${PRODUCT_NAME}`, 48, 40, { width: inner, align: 'center' });
  doc
    .font('bold')
    .fontSize(30)
    .text(content.storeName, 48, 64, { width: inner, align: 'center', lineBreak: false, ellipsis: true });

  doc
    .fillColor('#111827')
    .font('bold')
    .fontSize(22)
    .text('Scan to watch our live shows and buy', 48, 160, { width: inner, align: 'center' });

  const qr = QRCode.create(content.storeLink, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const side = 340;
  const quiet = 4;
  const cell = side / (count + quiet * 2);
  const left = (A4.width - side) / 2;
  const top = 215;
  doc.rect(left, top, side, side).fill('#FFFFFF');
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++)
      if (qr.modules.get(row, col))
        doc.rect(left + (col + quiet) * cell, top + (row + quiet) * cell, cell + 0.2, cell + 0.2);
  doc.fill('#000000');

  let y = top + side + 24;
  doc.fillColor('#374151').font('body').fontSize(11).text('Or open this link on your phone:', 48, y, {
    width: inner,
    align: 'center',
  });
  y += 18;
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(11)
    .text(content.storeLink, 48, y, { width: inner, align: 'center' });
  y = doc.y + 24;
  if (content.showLine) {
    doc
      .fillColor('#111827')
      .font('bold')
      .fontSize(16)
      .text(content.showLine, 48, y, { width: inner, align: 'center' });
    y = doc.y + 16;
  }
  doc
    .fillColor('#374151')
    .font('body')
    .fontSize(12)
    .text('Watch the live show, ask questions in the chat, and buy or bid from your phone.', 48, y, {
      width: inner,
      align: 'center',
    });
  doc.rect(0, A4.height - 56, A4.width, 56).fill(GREEN);
  doc
    .fillColor('#FFFFFF')
    .font('body')
    .fontSize(11)
    .text(`${PRODUCT_NAME} — live shopping for Nigeria`, 48, A4.height - 36, {
      width: inner,
      align: 'center',
    });
  doc.end();
  return doc;
}
