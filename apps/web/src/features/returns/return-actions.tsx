// size: the seller's five return steps, four of them with a dialog of their own (approve's method and links, the refund's two steps)
import type {
  ReturnDetail,
  ReturnMethod,
  SellerReturnAction,
  SellerReturnActionBody,
} from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import {
  RETURN_ACTION_TEXT,
  RETURN_ACTIONS,
  RETURN_METHOD_HINT,
  RETURN_METHOD_TEXT,
  RETURN_METHODS,
} from '@/features/returns/return-labels';
import { useReturnAction } from '@/features/returns/returns-mutations';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { AmountField, LabelledField, TextAreaField } from '@/ui/form-parts';

/*
 * The seller's next steps, exactly those the server allows (`allowedActions`). Asking, approving,
 * rejecting and refunding open a dialog; Mark as received goes at once. A refusal from the server
 * (4xx) is shown in the dialog with its own words, and the dialog stays open to fix it.
 */

const FORM_ID = 'return-action-form';
const inputClasses =
  'min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-subtle';

type DialogAction = Exclude<SellerReturnAction, 'mark_received'>;
type Submit = (body: SellerReturnActionBody) => void;

/** Common Nigerian carriers, offered as the seller types; any other name is fine. */
const CARRIERS = ['GIG Logistics', 'Kwik', 'DHL', 'Sendbox', 'Own rider'];

function tooLong(text: string, max: number, what: string) {
  return text.trim().length > max ? `${what} must be at most ${max} characters` : undefined;
}

function MessageForm({
  label,
  hint,
  required,
  onSubmit,
}: {
  label: string;
  hint: string;
  required: string;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      id={FORM_ID}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = !text.trim() ? required : tooLong(text, 1000, 'Message');
        setError(problem);
        if (!problem) onSubmit(text.trim());
      }}
    >
      <TextAreaField
        label={label}
        hint={hint}
        error={error}
        value={text}
        maxLength={1000}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}

const needsCarrier = (method: ReturnMethod) => method === 'pickup' || method === 'label';

function isLink(text: string) {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function ApproveForm({ onSubmit }: { onSubmit: Submit }) {
  const listId = useId();
  const [method, setMethod] = useState<ReturnMethod>('drop_off');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [labelUrl, setLabelUrl] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = () => {
    const link = labelUrl.trim();
    const next = {
      carrier: needsCarrier(method) ? tooLong(carrier, 80, 'Carrier') : undefined,
      tracking: needsCarrier(method) ? tooLong(tracking, 80, 'Tracking number') : undefined,
      labelUrl:
        method === 'label' && link && (!isLink(link) || link.length > 500) ? 'Enter a valid link' : undefined,
      message: tooLong(message, 1000, 'Message'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const body: Extract<SellerReturnActionBody, { action: 'approve' }> = { action: 'approve', method };
    if (needsCarrier(method) && carrier.trim()) body.carrier = carrier.trim();
    if (needsCarrier(method) && tracking.trim()) body.trackingNumber = tracking.trim();
    if (method === 'label' && link) body.labelUrl = link;
    if (message.trim()) body.message = message.trim();
    onSubmit(body);
  };
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-ink text-sm">How does the item come back?</legend>
        {RETURN_METHODS.map((m) => (
          <label
            key={m}
            className={clsx(
              'flex cursor-pointer items-start gap-3 rounded-control border p-3',
              m === method ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
            )}
          >
            <input
              type="radio"
              name="return-method"
              value={m}
              checked={m === method}
              onChange={() => setMethod(m)}
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-ink text-sm">{RETURN_METHOD_TEXT[m]}</span>
              <span className="block text-ink-muted text-xs">{RETURN_METHOD_HINT[m]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {needsCarrier(method) && (
        <>
          <LabelledField label="Carrier (optional)" error={errors.carrier}>
            {(control) => (
              <>
                <input
                  {...control}
                  list={listId}
                  value={carrier}
                  maxLength={80}
                  onChange={(e) => setCarrier(e.target.value)}
                  autoComplete="off"
                  className={inputClasses}
                />
                <datalist id={listId}>
                  {CARRIERS.map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
              </>
            )}
          </LabelledField>
          <LabelledField label="Tracking number (optional)" error={errors.tracking}>
            {(control) => (
              <input
                {...control}
                value={tracking}
                maxLength={80}
                onChange={(e) => setTracking(e.target.value)}
                autoComplete="off"
                className={inputClasses}
              />
            )}
          </LabelledField>
        </>
      )}
      {method === 'label' && (
        <LabelledField
          label="Label link (optional)"
          hint="Where the buyer downloads the prepaid label."
          error={errors.labelUrl}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              value={labelUrl}
              placeholder="https://"
              onChange={(e) => setLabelUrl(e.target.value)}
              className={inputClasses}
            />
          )}
        </LabelledField>
      )}
      <TextAreaField
        label="Message to the buyer (optional)"
        error={errors.message}
        value={message}
        maxLength={1000}
        rows={2}
        onChange={(e) => setMessage(e.target.value)}
      />
    </form>
  );
}

/** Naira with at most two decimals, as typed: '12,000.50' reads as 12000.5. */
function parseNaira(text: string): number | null {
  const clean = text.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}

function RefundForm({
  refundable,
  confirming,
  onReview,
  onSubmit,
}: {
  refundable: number;
  confirming: number | null;
  onReview: (amount: number) => void;
  onSubmit: Submit;
}) {
  const [text, setText] = useState(String(refundable));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const amount = parseNaira(text);
  const partial = amount !== null && amount > 0 && amount < refundable;
  if (confirming !== null) {
    return (
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit({
            action: 'refund',
            amount: confirming,
            ...(message.trim() ? { message: message.trim() } : {}),
          });
        }}
        className="flex flex-col gap-3"
      >
        <div className="rounded-control bg-canvas p-4 text-center">
          <p className="font-semibold text-2xl text-ink tabular-nums">{formatNaira(confirming)}</p>
          <p className="mt-1 font-medium text-sm">
            {confirming < refundable ? (
              <span className="text-amber-800">Partial refund · of {formatNaira(refundable)}</span>
            ) : (
              <span className="text-brand-700">Full refund</span>
            )}
          </p>
        </div>
        <p className="text-ink-muted text-sm">
          The money goes back to the buyer the way they paid, and comes out of your earnings. A refund cannot
          be undone.
        </p>
      </form>
    );
  }
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const problem =
          amount === null
            ? 'Enter an amount in naira'
            : amount <= 0
              ? 'Enter an amount above zero'
              : amount > refundable
                ? `You can refund at most ${formatNaira(refundable)}`
                : tooLong(message, 1000, 'Message');
        setError(problem);
        if (!problem && amount !== null) onReview(amount);
      }}
    >
      <AmountField
        label="Amount to refund"
        prefix="₦"
        hint={
          partial ? (
            <span className="font-medium text-amber-800">
              Partial refund · the most is {formatNaira(refundable)}
            </span>
          ) : (
            `Full refund: ${formatNaira(refundable)}. Lower it for a partial refund.`
          )
        }
        error={error}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <TextAreaField
        label="Message to the buyer (optional)"
        value={message}
        maxLength={1000}
        rows={2}
        onChange={(e) => setMessage(e.target.value)}
      />
    </form>
  );
}

const DIALOG_TEXT: Record<DialogAction, { title: string; description: string; submit: string }> = {
  request_info: {
    title: 'Ask for information',
    description: 'The buyer is told and answers in the thread. The return waits for them.',
    submit: 'Send question',
  },
  approve: {
    title: 'Approve return',
    description: 'Choose how the item comes back. The buyer is told at once.',
    submit: 'Approve return',
  },
  reject: {
    title: 'Reject return?',
    description: 'The buyer sees your reason. Reject only when the request does not meet your policy.',
    submit: 'Reject return',
  },
  refund: {
    title: 'Refund the buyer',
    description: 'Refund in full, or lower the amount for a partial refund.',
    submit: 'Continue',
  },
};

export function ReturnActions({ api, ret }: { api: ApiClient; ret: ReturnDetail }) {
  const dialogAction = useReturnAction(api, ret._id, { inline: true });
  const quickAction = useReturnAction(api, ret._id);
  const [open, setOpen] = useState<DialogAction | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const allowed = RETURN_ACTIONS.filter((a) => ret.allowedActions.includes(a));
  if (allowed.length === 0) return null;

  const busy = dialogAction.isPending || quickAction.isPending;
  const close = () => {
    if (dialogAction.isPending) return;
    setOpen(null);
    setConfirming(null);
    dialogAction.reset();
  };
  const run: Submit = (body) => dialogAction.mutate(body, { onSuccess: () => close() });
  const refusal = dialogAction.error
    ? isApiError(dialogAction.error)
      ? dialogAction.error.message
      : 'Something went wrong. Try again.'
    : null;
  const text = open ? DIALOG_TEXT[open] : null;
  const submitText =
    open === 'refund' && confirming !== null ? `Refund ${formatNaira(confirming)}` : (text?.submit ?? '');

  return (
    <div className="flex flex-wrap gap-2">
      {allowed.map((a, i) => (
        <Button
          key={a}
          variant={a === 'reject' ? 'danger' : i === 0 ? 'primary' : 'secondary'}
          loading={a === 'mark_received' && quickAction.isPending}
          disabled={busy}
          onClick={() => (a === 'mark_received' ? quickAction.mutate({ action: a }) : setOpen(a))}
          // On a phone the main step spans the card and the others share the row below it.
          className={i === 0 ? 'basis-full sm:basis-auto' : 'flex-auto whitespace-nowrap sm:flex-none'}
        >
          {RETURN_ACTION_TEXT[a]}
        </Button>
      ))}
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && close()}
        title={open === 'refund' && confirming !== null ? 'Confirm refund' : (text?.title ?? '')}
        description={open === 'refund' && confirming !== null ? undefined : text?.description}
        footer={
          <>
            <Button
              variant="secondary"
              disabled={dialogAction.isPending}
              onClick={() => (open === 'refund' && confirming !== null ? setConfirming(null) : close())}
            >
              {open === 'refund' && confirming !== null ? 'Back' : 'Cancel'}
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              variant={open === 'reject' ? 'danger' : 'primary'}
              loading={dialogAction.isPending}
            >
              {submitText}
            </Button>
          </>
        }
      >
        {refusal && (
          <p role="alert" className="mb-4 rounded-control bg-danger-50 px-3 py-2 text-danger-700 text-sm">
            {refusal}
          </p>
        )}
        {open === 'request_info' && (
          <MessageForm
            label="Your question"
            hint="e.g. Please send a photo of the label on the box."
            required="Write your question"
            onSubmit={(message) => run({ action: 'request_info', message })}
          />
        )}
        {open === 'approve' && <ApproveForm onSubmit={run} />}
        {open === 'reject' && (
          <MessageForm
            label="Reason"
            hint="The buyer sees this."
            required="Say why the return is rejected"
            onSubmit={(reason) => run({ action: 'reject', reason })}
          />
        )}
        {open === 'refund' && (
          <RefundForm
            refundable={ret.refundable}
            confirming={confirming}
            onReview={(amount) => {
              dialogAction.reset();
              setConfirming(amount);
            }}
            onSubmit={run}
          />
        )}
      </Dialog>
    </div>
  );
}
