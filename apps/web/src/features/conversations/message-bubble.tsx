import type { Message, PaymentFlag } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { AlertTriangle, Check, CheckCheck, Clock, Package, RotateCw, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import type { InboxSide } from '@/features/conversations/messages-api';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';

/** What the seller is told about a flagged buyer message (docs/messages.md lists what is detected). */
export const WARNING_TEXT: Record<PaymentFlag, string> = {
  bank_account: 'This message contains a bank account number.',
  off_platform_request: 'The buyer is asking to pay outside Kasuwa.',
  payment_phone: 'This message gives a phone number for payment.',
};

const ORDER_STATE: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  pay_on_delivery_pending: 'Pay on delivery',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  unfulfilled: 'Not shipped yet',
  shipped: 'Shipped',
  in_transit: 'In transit',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
};
export const orderStateLabel = (state: string) =>
  ORDER_STATE[state] ?? state.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-NG', { hour: 'numeric', minute: '2-digit' });

function ProductCard({ message, viewer }: { message: Message; viewer: InboxSide }) {
  const card = message.product;
  if (!card) return null;
  const buy = paths.checkoutBuy(
    new URLSearchParams({ productId: card.productId, sellerId: card.sellerId, quantity: '1' }),
  );
  return (
    <div className="w-60 overflow-hidden rounded-xl border border-line bg-surface text-ink">
      {card.image ? (
        <MediaImage
          src={card.image}
          shownAt={fixedSlot(240)}
          alt=""
          className="aspect-square w-full object-cover"
          loading="lazy"
        />
      ) : (
        <div className="flex aspect-[2/1] w-full items-center justify-center bg-canvas">
          <ShoppingBag className="size-8 text-ink-muted" aria-hidden />
        </div>
      )}
      <div className="flex flex-col gap-2 p-3">
        <p className="line-clamp-2 font-medium text-sm">{card.name}</p>
        <p className="font-semibold text-base">{formatNaira(card.price)}</p>
        {viewer === 'buyer' ? (
          <Link
            to={buy}
            className="inline-flex min-h-10 items-center justify-center rounded-control bg-brand-600 px-3 font-semibold text-sm text-white"
          >
            Buy now
          </Link>
        ) : (
          <p className="text-ink-muted text-xs">The buyer sees a Buy now button.</p>
        )}
      </div>
    </div>
  );
}

function OrderCard({ message, viewer }: { message: Message; viewer: InboxSide }) {
  const card = message.order;
  if (!card) return null;
  const to = viewer === 'buyer' ? paths.myOrder(card.orderId) : paths.dashboard.order(card.orderId);
  return (
    <Link
      to={to}
      className="flex w-60 items-center gap-3 rounded-xl border border-line bg-surface p-3 text-ink hover:bg-canvas"
    >
      <Package className="size-8 shrink-0 text-brand-600" aria-hidden />
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold text-sm">Order {card.number}</span>
        <span className="text-ink-muted text-xs">{orderStateLabel(card.status)}</span>
        <span className="font-semibold text-sm">{formatNaira(card.total)}</span>
      </span>
    </Link>
  );
}

/** One message: the reader's own on the right with its ticks, the other side's on the left. */
export function MessageBubble({ message, viewer }: { message: Message; viewer: InboxSide }) {
  const mine = message.sender === viewer;
  const card = message.kind === 'product' || message.kind === 'order';
  const captionIsDefault =
    (message.kind === 'product' && message.body === message.product?.name) ||
    (message.kind === 'order' && message.body === `Order ${message.order?.number}`) ||
    message.kind === 'photo';
  return (
    <li className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-testid="message">
      {message.warnings.length > 0 && (
        <div
          role="note"
          className="flex max-w-[85%] items-start gap-2 rounded-xl border border-danger-600/40 bg-danger-50 px-3 py-2 text-danger-700 text-xs"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {message.warnings.map((w) => WARNING_TEXT[w]).join(' ')} Payments outside Kasuwa are not
            protected: ask the buyer to pay in the app.
          </span>
        </div>
      )}
      {message.kind === 'photo' && message.photoUrl && (
        <a href={message.photoUrl} target="_blank" rel="noreferrer" className="block">
          <img
            src={message.photoUrl}
            alt="Attachment"
            className="max-h-64 max-w-[70vw] rounded-xl object-cover sm:max-w-60"
            loading="lazy"
          />
        </a>
      )}
      {message.kind === 'product' && <ProductCard message={message} viewer={viewer} />}
      {message.kind === 'order' && <OrderCard message={message} viewer={viewer} />}
      {(!card || !captionIsDefault) && message.kind !== 'photo' && (
        <div
          className={clsx(
            'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm',
            mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-surface text-ink shadow-card',
          )}
        >
          <p className="whitespace-pre-line break-words">{message.body}</p>
        </div>
      )}
      <p className="flex items-center gap-1 text-ink-muted text-xs">
        <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
        {mine &&
          (message.readAt ? (
            <CheckCheck className="size-3.5 text-brand-600" aria-label="Read" />
          ) : (
            <Check className="size-3.5" aria-label="Sent" />
          ))}
      </p>
    </li>
  );
}

/** A message on its way, or one that failed and waits for "Retry". */
export function PendingBubble({
  body,
  failed,
  onRetry,
  onDiscard,
}: {
  body: string;
  failed: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  return (
    <li className="flex flex-col items-end gap-1" data-testid="pending-message">
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl rounded-br-sm px-3.5 py-2 text-sm',
          failed ? 'border border-danger-600/40 bg-danger-50 text-ink' : 'bg-brand-600/70 text-white',
        )}
      >
        <p className="whitespace-pre-line break-words">{body}</p>
      </div>
      {failed ? (
        <p className="flex items-center gap-2 text-danger-700 text-xs" role="alert">
          Not sent.
          <Button size="sm" variant="ghost" onClick={onRetry}>
            <RotateCw className="size-3.5" aria-hidden /> Retry
          </Button>
          <Button size="sm" variant="ghost" onClick={onDiscard}>
            Discard
          </Button>
        </p>
      ) : (
        <p className="flex items-center gap-1 text-ink-muted text-xs">
          <Clock className="size-3.5" aria-hidden /> Sending…
        </p>
      )}
    </li>
  );
}
