import { type BuyerOrder, variantLabel } from '@kasuwa/contracts';
import { nairaText, toKobo } from '@/lib/naira.ts';
import type { Mail, Mailer } from '@/mail/mailer.ts';
import { buyerOrderViews } from '@/modules/checkout/buyer-order-view.ts';
import type { CheckoutRepository } from '@/modules/checkout/checkout.repository.ts';

/**
 * Sends the buyer the confirmation of an order that is paid or placed as pay on delivery; answers
 * whether it sent one (nothing for an unknown or still unpaid order). Called after the commit that
 * made the order so: by checkout for pay on delivery, by the payments side after a payment. A
 * failing mailer rejects, so a caller that must not fail catches and logs.
 */
export type SendOrderConfirmation = (orderId: string) => Promise<boolean>;

const naira = (amount: number) => nairaText(toKobo(amount));

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const lineText = (l: BuyerOrder['lines'][number]) => {
  const variant = l.variant.length > 0 ? ` (${variantLabel(l.variant)})` : '';
  return `${l.quantity} × ${l.name}${variant} — ${naira(l.lineTotal)}`;
};

/** Where the order goes and how it is paid, as lines of plain text. */
function deliveryText(order: BuyerOrder): string[] {
  const payment =
    order.paymentMethod === 'pay_on_delivery'
      ? `Payment: pay ${naira(order.total)} on delivery.`
      : 'Payment: paid online.';
  if (order.deliveryMethod === 'pickup') {
    return [
      `Store pickup at: ${order.pickupAddress ?? 'the address the seller gives you'}`,
      `Your pickup code: ${order.pickupCode ?? ''} (show it when you collect your order)`,
      payment,
    ];
  }
  const a = order.deliveryAddress;
  const address = a
    ? [a.fullName, a.addressLine1, a.addressLine2, a.landmark, `${a.city}, ${a.state}`, a.phoneNumber]
        .filter(Boolean)
        .join(', ')
    : '';
  return [`Delivery by ${order.seller.storeName} to: ${address}`, payment];
}

export function orderConfirmationMail(order: BuyerOrder, to: string, link: string): Mail {
  const subject = `Your order ${order.number} from ${order.seller.storeName} is confirmed`;
  const totals = [
    `Subtotal: ${naira(order.subtotal)}`,
    `Delivery: ${naira(order.deliveryFee)}`,
    ...(order.discount ? [`Coupon ${order.couponCode ?? ''}: -${naira(order.discount)}`] : []),
    `Total: ${naira(order.total)}`,
  ];
  const text = [
    `Thank you for your order ${order.number} from ${order.seller.storeName}.`,
    '',
    ...order.lines.map(lineText),
    '',
    ...totals,
    '',
    ...deliveryText(order),
    '',
    `See your order: ${link}`,
  ].join('\n');
  const paragraph = (lines: string[]) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
  const html = [
    `<h1>Order ${escapeHtml(order.number)} confirmed</h1>`,
    `<p>Thank you for your order from ${escapeHtml(order.seller.storeName)}.</p>`,
    `<ul>${order.lines.map((l) => `<li>${escapeHtml(lineText(l))}</li>`).join('')}</ul>`,
    paragraph(totals),
    paragraph(deliveryText(order)),
    `<p><a href="${escapeHtml(link)}">See your order</a></p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function orderConfirmation({
  repo,
  mailer,
  publicUrl,
}: {
  repo: CheckoutRepository;
  mailer: Mailer;
  publicUrl: string;
}): SendOrderConfirmation {
  return async (orderId) => {
    const row = await repo.order(repo.db, orderId);
    if (!row || !['paid', 'pay_on_delivery_pending'].includes(row.paymentStatus)) return false;
    const buyer = await repo.buyer(repo.db, row.buyerId);
    const [order] = await buyerOrderViews(repo, repo.db, [row]);
    if (!buyer || !order) return false;
    await mailer.send(orderConfirmationMail(order, buyer.email, `${publicUrl}/my-orders/${orderId}`));
    return true;
  };
}
