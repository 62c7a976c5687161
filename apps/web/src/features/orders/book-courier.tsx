import type { BookShipmentResponse, OrderDetail, ShippingRate } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ExternalLink, PackageX, Printer, Truck } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { orderKeys } from '@/features/orders/orders-queries';
import { postBookShipment, postShippingQuotes, shippingQueries } from '@/features/orders/shipping-api';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { ListSkeleton } from '@/ui/list-skeleton';

/*
 * Booking a courier through the server's carrier API (docs/shipping.md): rates for this order,
 * cheapest first, then one booked, which marks the order shipped with the carrier's tracking
 * number. Offered only when the server has a carrier API (`canBook`), for an order the seller
 * delivers and may ship now; with the manual provider nothing of this shows. Every failure keeps
 * the way out the seller already knows: shipping by hand.
 */

/** The server's words (a carrier's refusal is a 502 with its reason), or ours for a dropped connection. */
const problemText = (error: unknown) =>
  isApiError(error) ? error.message : 'Something went wrong. Check your connection and try again.';

const linkClasses = 'inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline';

function RateChoice({
  rate,
  name,
  checked,
  onChoose,
}: {
  rate: ShippingRate;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const times = [
    rate.deliveryTime && `Delivery: ${rate.deliveryTime}`,
    rate.pickupTime && `Pickup: ${rate.pickupTime}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <label
      className={clsx(
        'flex cursor-pointer items-start gap-3 rounded-control border p-3',
        checked ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChoose}
        className="mt-1 size-5 shrink-0"
      />
      {rate.carrierLogo && (
        <img
          src={rate.carrierLogo}
          alt=""
          width={32}
          height={32}
          className="size-8 shrink-0 object-contain"
        />
      )}
      <span className="min-w-0 flex-1">
        <span className="flex justify-between gap-2">
          <span className="font-medium text-ink">{rate.carrier}</span>
          <span className="font-semibold text-ink tabular-nums">{formatNaira(rate.amount)}</span>
        </span>
        {times && <span className="block text-ink-muted text-xs">{times}</span>}
      </span>
    </label>
  );
}

function Booked({ answer }: { answer: BookShipmentResponse }) {
  const { shipment } = answer;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-ink">
        {shipment.carrier} will collect the parcel from your pickup address.
        {shipment.trackingNumber && (
          <>
            {' '}
            Tracking number <span className="font-mono font-medium">{shipment.trackingNumber}</span>.
          </>
        )}
      </p>
      {shipment.labelUrl && (
        <a href={shipment.labelUrl} target="_blank" rel="noreferrer" className={linkClasses}>
          <Printer className="size-4" aria-hidden />
          Print shipping label
        </a>
      )}
      {shipment.trackingUrl && (
        <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" className={linkClasses}>
          <ExternalLink className="size-4" aria-hidden />
          Track the parcel
        </a>
      )}
    </div>
  );
}

export function BookCourier({
  api,
  order,
  disabled,
  onShipByHand,
}: {
  api: ApiClient;
  order: OrderDetail;
  disabled?: boolean;
  /** Opens the manual Ship dialog: the way out when no courier can be booked. */
  onShipByHand: () => void;
}) {
  const queryClient = useQueryClient();
  const provider = useQuery(shippingQueries.provider(api));
  const [open, setOpen] = useState(false);
  const [rateId, setRateId] = useState<string | null>(null);
  const [unchosen, setUnchosen] = useState(false);
  const name = useId();
  const quotes = useMutation({ mutationFn: () => postShippingQuotes(api, order._id) });
  const book = useMutation({
    mutationFn: (chosen: string) => postBookShipment(api, order._id, { rateId: chosen }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      // The answer has no order: read it again, now shipped with the tracking number, and the lists behind it.
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });

  if (!provider.data?.canBook) return null;
  // The dialog stays while it is open: once booked, the order no longer offers Ship, but the links are shown here.
  const offered = order.deliveryMethod === 'seller' && order.allowedActions.includes('ship');
  if (!offered && !open) return null;

  const start = () => {
    setOpen(true);
    setRateId(null);
    setUnchosen(false);
    book.reset();
    quotes.mutate();
  };
  const close = () => {
    if (book.isPending) return;
    setOpen(false);
  };
  const byHand = () => {
    setOpen(false);
    onShipByHand();
  };
  const submit = () => {
    if (!rateId) return setUnchosen(true);
    book.mutate(rateId);
  };

  const rates = quotes.data?.rates ?? [];
  const booked = book.data;
  const failure = quotes.isError ? quotes.error : book.isError ? book.error : null;
  const byHandButton = (
    <Button variant="secondary" onClick={byHand}>
      Ship by hand instead
    </Button>
  );

  let body: ReactNode;
  let footer: ReactNode;
  if (booked) {
    body = <Booked answer={booked} />;
    footer = <Button onClick={() => setOpen(false)}>Done</Button>;
  } else if (quotes.isPending || quotes.isIdle) {
    body = <ListSkeleton label="Getting rates from couriers" rows={3} />;
    footer = (
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
    );
  } else if (failure) {
    body = (
      <div role="alert" className="flex flex-col gap-1 text-sm">
        <p className="font-semibold text-ink">
          {quotes.isError ? 'Could not get rates' : 'The courier could not be booked'}
        </p>
        <p className="text-ink-muted">{problemText(failure)}</p>
      </div>
    );
    footer = (
      <>
        {byHandButton}
        <Button onClick={start}>{quotes.isError ? 'Try again' : 'Get new rates'}</Button>
      </>
    );
  } else if (rates.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-4 text-center text-sm">
        <PackageX className="size-8 text-ink-subtle" aria-hidden />
        <p className="font-semibold text-ink">No courier can take this order right now</p>
        <p className="text-ink-muted">Try again later, or ship it by hand with any carrier.</p>
      </div>
    );
    footer = (
      <>
        {byHandButton}
        <Button onClick={start}>Try again</Button>
      </>
    );
  } else {
    body = (
      <form
        id="book-courier-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!book.isPending) submit();
        }}
      >
        <fieldset className="flex flex-col gap-2" aria-describedby={unchosen ? `${name}-error` : undefined}>
          <legend className="mb-2 text-ink-muted text-sm">
            Cheapest first. The price is what you pay the courier.
          </legend>
          {rates.map((rate) => (
            <RateChoice
              key={rate.rateId}
              rate={rate}
              name={name}
              checked={rateId === rate.rateId}
              onChoose={() => {
                setRateId(rate.rateId);
                setUnchosen(false);
              }}
            />
          ))}
        </fieldset>
        {unchosen && (
          <p id={`${name}-error`} className="mt-2 text-danger-600 text-sm">
            Choose a rate
          </p>
        )}
      </form>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={close} disabled={book.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="book-courier-form" loading={book.isPending}>
          Book courier
        </Button>
      </>
    );
  }

  return (
    <>
      {offered && (
        <Button variant="secondary" disabled={disabled} onClick={start}>
          <Truck className="size-4" aria-hidden />
          Book a courier
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => !next && close()}
        title={booked ? booked.message : 'Book a courier'}
        description={
          booked
            ? 'The order is marked as shipped and the buyer is told it is on its way.'
            : `Rates for sending ${order.number} from your pickup address to the buyer.`
        }
        focusFirstField={false}
        footer={footer}
      >
        {body}
      </Dialog>
    </>
  );
}
