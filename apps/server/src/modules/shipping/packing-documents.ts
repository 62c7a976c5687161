import { fileURLToPath } from 'node:url';
import {
  formatOrderNumber,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
  variantLabel,
} from '@kasuwa/contracts';
import { stateDisplayName } from '@kasuwa/reference-data';
import PDFDocument from 'pdfkit';
import { nairaText } from '@/lib/naira.ts';
import {
  pickupAddressOfSeller,
  type SellerForShipping,
  type ShippableOrder,
} from '@/modules/shipping/shipping.repository.ts';

/**
 * Packing slips (one order) and packing lists (a show's paid orders by buyer), drawn with pdfkit.
 * The font is bundled (fonts/, copied beside the server bundle by build.mjs): PDF's standard
 * fonts have no naira sign.
 */
const FONT = fileURLToPath(new URL('./fonts/DejaVuSansCondensed.ttf', import.meta.url));
const BOLD = fileURLToPath(new URL('./fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url));

const MARGIN = 40;
const lagosDate = (d: Date) =>
  d.toLocaleDateString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

function newDocument(title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: 'Kasuwa' } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

function warehouseLine(seller: SellerForShipping): string {
  const a = pickupAddressOfSeller(seller);
  if (!a) return seller.phoneNumber;
  return [a.addressLine1, a.addressLine2, a.city, stateDisplayName(a.state)].filter(Boolean).join(', ');
}

function deliveryLines(order: ShippableOrder): string[] {
  if (order.deliveryMethod === 'pickup')
    return ['Store pickup', `${order.buyerName}${order.buyerPhone ? `, ${order.buyerPhone}` : ''}`];
  const a = order.deliveryAddress;
  if (!a) return ['Delivery not chosen yet'];
  return [
    a.fullName,
    a.phoneNumber,
    [a.addressLine1, a.addressLine2].filter(Boolean).join(', '),
    `${a.city}, ${stateDisplayName(a.state)}`,
    ...(a.landmark ? [`Landmark: ${a.landmark}`] : []),
  ];
}

const paymentText = (order: ShippableOrder) =>
  order.paymentMethod === 'pay_on_delivery' && order.paymentStatus === 'pay_on_delivery_pending'
    ? `Pay on delivery: collect ${nairaText(order.totalKobo)}`
    : (PAYMENT_STATUS_LABELS[order.paymentStatus as PaymentStatus] ?? order.paymentStatus);

/** A table of lines: item (with variant), quantity, and optionally price and amount. */
function linesTable(doc: PDFKit.PDFDocument, order: ShippableOrder, withPrices: boolean) {
  const width = doc.page.width - MARGIN * 2;
  const cols = withPrices ? [0.52, 0.1, 0.19, 0.19] : [0.08, 0.77, 0.15];
  const x = (i: number) => MARGIN + width * cols.slice(0, i).reduce((s, c) => s + c, 0);
  const w = (i: number) => width * (cols[i] ?? 0);
  const header = withPrices ? ['Item', 'Qty', 'Price', 'Amount'] : ['✓', 'Item', 'Qty'];
  const ensureRoom = (h: number) => {
    if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
  };
  ensureRoom(20);
  let y = doc.y;
  doc.font('bold').fontSize(9);
  header.forEach((h, i) => {
    doc.text(h, x(i), y, { width: w(i), align: i === 0 || (!withPrices && i === 1) ? 'left' : 'right' });
  });
  y = doc.y + 4;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#cccccc')
    .stroke();
  doc.font('body').fontSize(10);
  for (const line of order.lines) {
    const name = line.variant.length > 0 ? `${line.name} — ${variantLabel(line.variant)}` : line.name;
    const rowHeight = Math.max(doc.heightOfString(name, { width: w(withPrices ? 0 : 1) }), 12) + 8;
    ensureRoom(rowHeight);
    y = doc.y + 4;
    if (withPrices) {
      doc.text(name, x(0), y, { width: w(0) });
      doc.text(String(line.quantity), x(1), y, { width: w(1), align: 'right' });
      doc.text(nairaText(line.unitPriceKobo), x(2), y, { width: w(2), align: 'right' });
      doc.text(nairaText(line.unitPriceKobo * line.quantity), x(3), y, { width: w(3), align: 'right' });
    } else {
      doc.rect(x(0), y, 9, 9).strokeColor('#444444').stroke();
      doc.text(name, x(1), y, { width: w(1) });
      doc.text(String(line.quantity), x(2), y, { width: w(2), align: 'right' });
    }
    doc.y = y + rowHeight - 4;
  }
  doc.moveDown(0.5);
}

/** The slip that goes in the parcel: who it is for, what is in it, what was paid. */
export async function packingSlipPdf(seller: SellerForShipping, order: ShippableOrder): Promise<Buffer> {
  const number = formatOrderNumber(order.number);
  const { doc, done } = newDocument(`Packing slip ${number}`);
  const width = doc.page.width - MARGIN * 2;

  doc.font('bold').fontSize(18).text(seller.storeName);
  doc.font('body').fontSize(9).fillColor('#555555').text(warehouseLine(seller)).text(seller.email);
  doc.fillColor('#000000').moveDown();
  doc.font('bold').fontSize(14).text(`Packing slip  ${number}`);
  doc
    .font('body')
    .fontSize(10)
    .text(`Ordered ${lagosDate(order.createdAt)}`);
  doc.moveDown();

  const top = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text(order.deliveryMethod === 'pickup' ? 'Pickup by' : 'Ship to', MARGIN, top);
  doc.font('body').fontSize(10);
  for (const line of deliveryLines(order)) doc.text(line, { width: width / 2 - 10 });
  const leftBottom = doc.y;
  doc.font('bold').text('Payment', MARGIN + width / 2, top);
  doc.font('body').text(paymentText(order), MARGIN + width / 2, doc.y, { width: width / 2 });
  if (order.carrier) {
    doc.font('bold').text('Carrier', MARGIN + width / 2, doc.y + 6);
    doc
      .font('body')
      .text(
        `${order.carrier}${order.trackingNumber ? ` · ${order.trackingNumber}` : ''}`,
        MARGIN + width / 2,
        doc.y,
        { width: width / 2 },
      );
  }
  doc.y = Math.max(doc.y, leftBottom) + 14;
  doc.x = MARGIN;

  linesTable(doc, order, true);
  const totals: Array<[string, number]> = [
    ['Subtotal', order.subtotalKobo],
    ['Delivery', order.deliveryFeeKobo],
    ['Total', order.totalKobo],
  ];
  for (const [label, kobo] of totals) {
    doc.font(label === 'Total' ? 'bold' : 'body').fontSize(10);
    const y = doc.y;
    doc.text(label, MARGIN + width * 0.6, y, { width: width * 0.2 });
    doc.text(nairaText(kobo), MARGIN + width * 0.8, y, { width: width * 0.2, align: 'right' });
  }
  doc.moveDown(2);
  doc.x = MARGIN;
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Thank you for shopping with ${seller.storeName} on Kasuwa.`);
  doc.end();
  return done;
}

/** Everything a show sold that is to be packed, buyer by buyer, with a box to tick per line. */
export async function packingListPdf(
  seller: SellerForShipping,
  show: { title: string; startedAt: Date | null },
  orders: ShippableOrder[],
): Promise<Buffer> {
  const { doc, done } = newDocument(`Packing list — ${show.title}`);
  doc.font('bold').fontSize(16).text(`Packing list — ${show.title}`);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#555555')
    .text(
      `${seller.storeName}${show.startedAt ? ` · live ${lagosDate(show.startedAt)}` : ''} · ${orders.length} ${orders.length === 1 ? 'order' : 'orders'} · ${orders.reduce((n, o) => n + o.lines.reduce((s, l) => s + l.quantity, 0), 0)} items`,
    );
  doc.fillColor('#000000').moveDown();
  if (orders.length === 0) {
    doc.fontSize(11).text('No paid orders from this show yet.');
  }
  let buyer: string | null = null;
  for (const order of orders) {
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    if (order.buyerName !== buyer) {
      buyer = order.buyerName;
      doc.moveDown(0.5).font('bold').fontSize(12).text(buyer, MARGIN);
    }
    doc
      .font('body')
      .fontSize(9)
      .fillColor('#555555')
      .text(
        `${formatOrderNumber(order.number)} · ${deliveryLines(order).join(' · ')} · ${paymentText(order)}`,
        MARGIN,
      );
    doc.fillColor('#000000');
    linesTable(doc, order, false);
  }
  doc.end();
  return done;
}
