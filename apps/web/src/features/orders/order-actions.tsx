import type { OrderDetail, SellerOrderAction, SellerOrderActionBody } from '@kasuwa/contracts';
import { useState } from 'react';
import { BookCourier } from '@/features/orders/book-courier';
import { CarrierField, carrierError } from '@/features/orders/carrier-field';
import { ACTION_TEXT } from '@/features/orders/order-labels';
import { useOrderAction } from '@/features/orders/orders-mutations';
import type { ApiClient } from '@/lib/api-client';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LabelledField, TextAreaField } from '@/ui/form-parts';

/*
 * The seller's next steps, exactly the ones the server allows (`allowedActions`). Three ask for
 * something first: Ship (carrier, tracking), Confirm pickup (the buyer's 6-digit code) and Cancel
 * (a reason). The checks use the contract's words (sellerOrderActionBody) without importing zod.
 */

const inputClasses =
  'min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink';
type DialogAction = 'ship' | 'picked_up' | 'cancel';
const asksFirst = (action: SellerOrderAction): action is DialogAction =>
  action === 'ship' || action === 'picked_up' || action === 'cancel';

/** The order the buttons sit in: the main step first, cancelling last. */
const ORDER: readonly SellerOrderAction[] = [
  'ship',
  'ready_for_pickup',
  'in_transit',
  'delivered',
  'picked_up',
  'collect_payment',
  'second_chance',
  'cancel',
];

function ShipForm({
  onSubmit,
  pending,
}: {
  onSubmit: (body: SellerOrderActionBody) => void;
  pending: boolean;
}) {
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useFormErrors<'carrier' | 'tracking'>({ carrier, tracking });
  const submit = () => {
    const next = {
      carrier: carrierError(carrier),
      tracking: tracking.trim().length > 80 ? 'Tracking number must be at most 80 characters' : undefined,
    };
    setErrors(next);
    if (next.carrier || next.tracking) return;
    const trackingNumber = tracking.trim();
    onSubmit({ action: 'ship', carrier: carrier.trim(), ...(trackingNumber ? { trackingNumber } : {}) });
  };
  return (
    <form
      id="order-action-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending) submit();
      }}
      className="flex flex-col gap-4"
    >
      <CarrierField value={carrier} onChange={setCarrier} error={errors.carrier} />
      <LabelledField label="Tracking number (optional)" error={errors.tracking}>
        {(control) => (
          <input
            {...control}
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            autoComplete="off"
            className={inputClasses}
          />
        )}
      </LabelledField>
    </form>
  );
}

function PickupForm({
  onSubmit,
  pending,
}: {
  onSubmit: (body: SellerOrderActionBody) => void;
  pending: boolean;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const text = code.trim();
    const problem = /^\d{6}$/.test(text) ? undefined : 'The pickup code has 6 digits';
    setError(problem);
    if (!problem) onSubmit({ action: 'picked_up', pickupCode: text });
  };
  return (
    <form
      id="order-action-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending) submit();
      }}
    >
      <LabelledField label="Pickup code" hint="The 6 digits on the buyer’s order page." error={error}>
        {(control) => (
          <input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={`${inputClasses} font-mono text-lg tracking-[0.3em]`}
          />
        )}
      </LabelledField>
    </form>
  );
}

function CancelForm({
  onSubmit,
  pending,
}: {
  onSubmit: (body: SellerOrderActionBody) => void;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const text = reason.trim();
    const problem = !text
      ? 'Say why the order is cancelled'
      : text.length > 300
        ? 'At most 300 characters'
        : undefined;
    setError(problem);
    if (!problem) onSubmit({ action: 'cancel', reason: text });
  };
  return (
    <form
      id="order-action-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending) submit();
      }}
    >
      <TextAreaField
        label="Reason"
        hint="The buyer sees this. Paid orders are refunded."
        error={error}
        value={reason}
        maxLength={300}
        onChange={(e) => setReason(e.target.value)}
      />
    </form>
  );
}

const DIALOG_TEXT: Record<DialogAction, { title: string; description: string; submit: string }> = {
  ship: {
    title: 'Ship order',
    description: 'The buyer is told their order is on its way.',
    submit: 'Mark as shipped',
  },
  picked_up: {
    title: 'Confirm pickup',
    description: 'Ask the buyer for the code on their order page and type it here.',
    submit: 'Confirm pickup',
  },
  cancel: { title: 'Cancel order?', description: 'This cannot be undone.', submit: 'Cancel order' },
};

export function OrderActions({ api, order }: { api: ApiClient; order: OrderDetail }) {
  const action = useOrderAction(api, order._id);
  const [open, setOpen] = useState<DialogAction | null>(null);
  const [running, setRunning] = useState<SellerOrderAction | null>(null);
  const allowed = ORDER.filter((a) => order.allowedActions.includes(a));
  if (allowed.length === 0) return null;

  const run = (body: SellerOrderActionBody) => {
    setRunning(body.action);
    action.mutate(body, {
      onSuccess: () => setOpen(null),
      onSettled: () => setRunning(null),
    });
  };
  const button = (a: SellerOrderAction) => (
    <Button
      key={a}
      variant={a === 'cancel' ? 'danger' : a === allowed[0] ? 'primary' : 'secondary'}
      loading={running === a && !open}
      disabled={action.isPending}
      onClick={() => (asksFirst(a) ? setOpen(a) : run({ action: a }))}
    >
      {ACTION_TEXT[a]}
    </Button>
  );
  const text = open ? DIALOG_TEXT[open] : null;
  const formProps = { onSubmit: run, pending: action.isPending };

  return (
    <div className="flex flex-wrap gap-2">
      {allowed.slice(0, 1).map(button)}
      {/* Beside Ship, and kept in place after booking so its dialog can show the label and tracking links. */}
      <BookCourier api={api} order={order} disabled={action.isPending} onShipByHand={() => setOpen('ship')} />
      {allowed.slice(1).map(button)}
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && !action.isPending && setOpen(null)}
        title={text?.title ?? ''}
        description={text?.description}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)} disabled={action.isPending}>
              {open === 'cancel' ? 'Keep order' : 'Cancel'}
            </Button>
            <Button
              type="submit"
              form="order-action-form"
              variant={open === 'cancel' ? 'danger' : 'primary'}
              loading={action.isPending}
            >
              {text?.submit}
            </Button>
          </>
        }
      >
        {open === 'ship' && <ShipForm {...formProps} />}
        {open === 'picked_up' && <PickupForm {...formProps} />}
        {open === 'cancel' && <CancelForm {...formProps} />}
      </Dialog>
    </div>
  );
}
