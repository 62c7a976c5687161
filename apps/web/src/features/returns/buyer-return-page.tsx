import type { BuyerReturn } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Truck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { BuyerCard, BuyerFrame } from '@/features/returns/buyer-return-request';
import { Deadline, formatDate } from '@/features/returns/return-deadline';
import { RETURN_REASON_TEXT } from '@/features/returns/return-labels';
import { ReturnStatusBadge } from '@/features/returns/return-list';
import { ReturnLines, ShippingBack } from '@/features/returns/return-page';
import { PhotoGallery } from '@/features/returns/return-photos';
import { ReplyWithPhotos, ReturnThread } from '@/features/returns/return-thread';
import type { ReturnPhotoUploader } from '@/features/returns/returns-api';
import {
  useBuyerReturnMessage,
  useShippedBack,
  useWithdrawReturn,
} from '@/features/returns/returns-mutations';
import { returnQueries } from '@/features/returns/returns-queries';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { useNow } from '@/lib/use-now';
import { Button, buttonClasses } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LabelledField } from '@/ui/form-parts';
import { Spinner } from '@/ui/spinner';

export interface BuyerReturnPageProps {
  api: ApiClient;
  returnId: string;
  upload: ReturnPhotoUploader;
  onSessionExpired: () => void;
}

const inputClasses =
  'min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-subtle';

/** What the buyer should know about where the return is, in one sentence. */
function nextStepText(ret: BuyerReturn): string {
  switch (ret.status) {
    case 'requested':
      return `${ret.store.name} is looking at your request.`;
    case 'info_needed':
      return `${ret.store.name} has a question for you. Answer below.`;
    case 'approved':
      return ret.method === 'keep_item'
        ? 'Approved: keep the item. Your refund is on its way.'
        : 'Approved: send the item back, then tell the seller below.';
    case 'in_transit':
      return 'The item is on its way back to the seller.';
    case 'received':
      return 'The seller has the item. Your refund comes next.';
    case 'refunded':
      return 'Refunded. The money goes back the way you paid.';
    case 'rejected':
      return `${ret.store.name} did not accept this return.`;
    case 'closed':
      return 'This return is closed.';
  }
}

function ShippedBack({ api, ret }: { api: ApiClient; ret: BuyerReturn }) {
  const shipped = useShippedBack(api, ret._id);
  const [open, setOpen] = useState(false);
  const [carrier, setCarrier] = useState(ret.carrier ?? '');
  const [tracking, setTracking] = useState(ret.trackingNumber ?? '');
  const formId = useId();
  return (
    <>
      <Button size="lg" fullWidth onClick={() => setOpen(true)}>
        <Truck className="size-5" aria-hidden />
        I’ve sent it back
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !shipped.isPending && setOpen(next)}
        title="You sent it back"
        description="Tell the seller how it travels, so they can look out for it."
        footer={
          <>
            <Button variant="secondary" disabled={shipped.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={shipped.isPending}>
              Tell the seller
            </Button>
          </>
        }
      >
        {shipped.error && (
          <p role="alert" className="mb-4 rounded-control bg-danger-50 px-3 py-2 text-danger-700 text-sm">
            {isApiError(shipped.error) ? shipped.error.message : 'Something went wrong. Try again.'}
          </p>
        )}
        <form
          id={formId}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const body = {
              ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
              ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
            };
            shipped.mutate(body, { onSuccess: () => setOpen(false) });
          }}
        >
          <LabelledField label="Carrier (optional)">
            {(control) => (
              <input
                {...control}
                value={carrier}
                maxLength={80}
                onChange={(e) => setCarrier(e.target.value)}
                className={inputClasses}
              />
            )}
          </LabelledField>
          <LabelledField label="Tracking number (optional)">
            {(control) => (
              <input
                {...control}
                value={tracking}
                maxLength={80}
                onChange={(e) => setTracking(e.target.value)}
                className={inputClasses}
              />
            )}
          </LabelledField>
        </form>
      </Dialog>
    </>
  );
}

function Withdraw({ api, ret }: { api: ApiClient; ret: BuyerReturn }) {
  const withdraw = useWithdrawReturn(api, ret._id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" fullWidth onClick={() => setOpen(true)}>
        Withdraw return
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !withdraw.isPending && setOpen(next)}
        title="Withdraw this return?"
        description="You keep the item and the return is closed. You cannot open it again."
        footer={
          <>
            <Button variant="secondary" disabled={withdraw.isPending} onClick={() => setOpen(false)}>
              Keep return
            </Button>
            <Button
              variant="danger"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(undefined, { onSuccess: () => setOpen(false) })}
            >
              Withdraw
            </Button>
          </>
        }
      >
        {withdraw.error && (
          <p role="alert" className="rounded-control bg-danger-50 px-3 py-2 text-danger-700 text-sm">
            {isApiError(withdraw.error) ? withdraw.error.message : 'Something went wrong. Try again.'}
          </p>
        )}
      </Dialog>
    </>
  );
}

function ReturnView({ api, ret, upload }: { api: ApiClient; ret: BuyerReturn; upload: ReturnPhotoUploader }) {
  const now = useNow(60_000);
  const message = useBuyerReturnMessage(api, ret._id);
  return (
    <BuyerFrame
      title={`Return ${ret.number}`}
      back={{ to: paths.myOrder(ret.order._id), label: 'Back to your order' }}
      aside={<ReturnStatusBadge status={ret.status} />}
    >
      <BuyerCard>
        <p className="font-semibold text-ink">{nextStepText(ret)}</p>
        <p className="mt-1 text-ink-muted text-sm">
          Opened {formatDate(ret.createdAt)} · Order{' '}
          <Link to={paths.myOrder(ret.order._id)} className="font-medium text-brand-700 underline">
            {ret.order.number}
          </Link>{' '}
          · {ret.store.name}
        </p>
        {ret.deadline && (
          <div className="mt-3">
            <Deadline deadline={ret.deadline} now={now} />
          </div>
        )}
        {(ret.canShipBack || ret.canWithdraw) && (
          <div className="mt-4 flex flex-col gap-2">
            {ret.canShipBack && <ShippedBack api={api} ret={ret} />}
            {ret.canWithdraw && <Withdraw api={api} ret={ret} />}
          </div>
        )}
      </BuyerCard>
      {ret.refunded > 0 && (
        <section
          aria-label="Refund"
          className="flex items-start gap-3 rounded-card bg-emerald-50 p-4 text-emerald-950"
        >
          <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden />
          <div>
            <p className="font-semibold">{formatNaira(ret.refunded)} refunded</p>
            <p className="text-sm">
              {ret.refunded < ret.amount
                ? `A partial refund of the ${formatNaira(ret.amount)} these items cost.`
                : 'The full amount of the returned items.'}{' '}
              Card refunds can take up to 10 working days to show.
            </p>
          </div>
        </section>
      )}
      <ShippingBack ret={ret} />
      <ReturnLines ret={ret} />
      <BuyerCard title="Your request">
        <p className="font-medium text-ink text-sm">{RETURN_REASON_TEXT[ret.reason]}</p>
        {ret.note && <p className="mt-1 whitespace-pre-line break-words text-ink text-sm">{ret.note}</p>}
        {ret.photos.length > 0 && (
          <div className="mt-3">
            <PhotoGallery photos={ret.photos} label="Your photos" />
          </div>
        )}
      </BuyerCard>
      <BuyerCard title="Messages and updates">
        <ReturnThread events={ret.timeline} viewer="buyer" names={{ seller: ret.store.name, buyer: 'You' }} />
        {ret.canReply && (
          <div className="mt-4 border-line border-t pt-4">
            <ReplyWithPhotos
              upload={upload}
              pending={message.isPending}
              send={(body) => message.mutateAsync(body)}
            />
          </div>
        )}
      </BuyerCard>
      <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
        All my orders
      </Link>
    </BuyerFrame>
  );
}

/** `/my-returns/{id}`: the buyer's return — status, deadline, thread, sending it back, refunds. */
export function BuyerReturnPage({ api, returnId, upload, onSessionExpired }: BuyerReturnPageProps) {
  const query = useQuery(returnQueries.buyer(api, returnId));
  useEffect(() => {
    if (isApiError(query.error) && query.error.status === 401) onSessionExpired();
  }, [query.error, onSessionExpired]);
  if (query.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center text-brand-600">
        <Spinner size="lg" label="Loading your return" />
      </div>
    );
  }
  if (!query.data) {
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="font-semibold text-ink text-xl">
          {notFound ? 'Return not found' : 'Your return could not be loaded'}
        </h1>
        <p className="text-ink-muted">
          {notFound ? 'Check the link, or see your orders.' : 'Check your connection, then try again.'}
        </p>
        {!notFound && <Button onClick={() => void query.refetch()}>Try again</Button>}
        <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
          My orders
        </Link>
      </main>
    );
  }
  return <ReturnView api={api} ret={query.data} upload={upload} />;
}
