// size: the buyer's whole return request on one page — items and quantities, reason, note, photos with progress, checks and sending
import type { BuyerReturnOptionsResponse, ReturnReason } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { PhotoUploadField, usePhotoUploads } from '@/features/returns/photo-uploads';
import { formatDate } from '@/features/returns/return-deadline';
import { RETURN_REASON_TEXT, variantText } from '@/features/returns/return-labels';
import { MAX_RETURN_PHOTOS, type ReturnPhotoUploader } from '@/features/returns/returns-api';
import { useCreateReturn } from '@/features/returns/returns-mutations';
import { returnQueries } from '@/features/returns/returns-queries';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { Button, buttonClasses } from '@/ui/button';
import { TextAreaField } from '@/ui/form-parts';
import { Spinner } from '@/ui/spinner';

export interface BuyerReturnRequestPageProps {
  api: ApiClient;
  orderId: string;
  upload: ReturnPhotoUploader;
  onSessionExpired: () => void;
}

/** The buyer pages' frame: a sticky header with the way back, and one column. */
export function BuyerFrame({
  title,
  back,
  aside,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-line border-b bg-surface px-2 py-2">
        <Link
          to={back.to}
          aria-label={back.label}
          className="flex size-11 shrink-0 items-center justify-center rounded-control text-ink hover:bg-canvas"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="min-w-0 flex-1 truncate font-semibold text-ink text-lg">{title}</h1>
        {aside && <div className="pr-2">{aside}</div>}
      </header>
      <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-4 pb-28">{children}</main>
    </div>
  );
}

export function BuyerCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card bg-surface p-4 shadow-card">
      {title && <h2 className="mb-3 font-semibold text-ink">{title}</h2>}
      {children}
    </section>
  );
}

type Options = BuyerReturnOptionsResponse;

/** Chosen quantities by order line; a line not in the map is not returned. */
type Chosen = Record<string, number>;

function ItemsField({
  options,
  chosen,
  onChange,
  error,
}: {
  options: Options;
  chosen: Chosen;
  onChange: (next: Chosen) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-ink">Which items?</legend>
      {options.lines.map((line) => {
        const picked = chosen[line.orderLineId];
        const none = line.returnableQuantity < 1;
        const variant = variantText(line.variant);
        return (
          <div
            key={line.orderLineId}
            className={clsx(
              'flex flex-col gap-2 rounded-control border p-3',
              picked ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
              none && 'opacity-60',
            )}
          >
            <label className="flex cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                checked={picked !== undefined}
                disabled={none}
                onChange={() => {
                  const next = { ...chosen };
                  if (picked === undefined) next[line.orderLineId] = 1;
                  else delete next[line.orderLineId];
                  onChange(next);
                }}
                className="size-5 shrink-0 accent-brand-600"
              />
              {line.image ? (
                <img
                  src={line.image}
                  alt=""
                  className="size-12 shrink-0 rounded-control bg-canvas object-cover"
                />
              ) : (
                <span className="size-12 shrink-0 rounded-control bg-line" />
              )}
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-medium text-ink">{line.name}</span>
                {variant && <span className="block text-ink-muted">{variant}</span>}
                <span className="block text-ink-muted tabular-nums">
                  {none ? 'Already returned' : `${formatNaira(line.unitPrice)} each`}
                </span>
              </span>
            </label>
            {picked !== undefined && line.returnableQuantity > 1 && (
              <label className="flex items-center justify-between gap-3 pl-8 text-sm">
                <span className="text-ink">Quantity to return ({line.name})</span>
                <select
                  value={picked}
                  onChange={(e) => onChange({ ...chosen, [line.orderLineId]: Number(e.target.value) })}
                  className="min-h-11 rounded-control border border-line-strong bg-surface px-3 text-base"
                >
                  {Array.from({ length: line.returnableQuantity }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        );
      })}
      {error && (
        <p id={errorId} role="alert" className="text-danger-700 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ReasonField({
  reasons,
  value,
  onChange,
  error,
}: {
  reasons: readonly ReturnReason[];
  value: ReturnReason | null;
  onChange: (reason: ReturnReason) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-ink">Why are you returning it?</legend>
      {reasons.map((reason) => (
        <label
          key={reason}
          className={clsx(
            'flex min-h-12 cursor-pointer items-center gap-3 rounded-control border px-3',
            reason === value ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
          )}
        >
          <input
            type="radio"
            name="return-reason"
            checked={reason === value}
            onChange={() => onChange(reason)}
            className="size-5 shrink-0 accent-brand-600"
          />
          <span className="text-ink text-sm">{RETURN_REASON_TEXT[reason]}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-danger-700 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface Errors {
  items?: string | undefined;
  reason?: string | undefined;
  note?: string | undefined;
  photos?: string | undefined;
  form?: string | undefined;
}

function RequestForm({
  api,
  options,
  orderId,
  upload,
}: {
  api: ApiClient;
  options: Options;
  orderId: string;
  upload: ReturnPhotoUploader;
}) {
  const navigate = useNavigate();
  const create = useCreateReturn(api);
  const photos = usePhotoUploads(upload, MAX_RETURN_PHOTOS);
  const single = options.lines.length === 1 && (options.lines[0]?.returnableQuantity ?? 0) === 1;
  const [chosen, setChosen] = useState<Chosen>(() =>
    single && options.lines[0] ? { [options.lines[0].orderLineId]: 1 } : {},
  );
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const lines = Object.entries(chosen).map(([orderLineId, quantity]) => ({ orderLineId, quantity }));
  const value = options.lines.reduce((sum, l) => sum + (chosen[l.orderLineId] ?? 0) * l.unitPrice, 0);

  const submit = () => {
    const next: Errors = {
      items: lines.length === 0 ? 'Choose an item' : undefined,
      reason: reason === null ? 'Choose a reason' : undefined,
      note: note.trim().length > 1000 ? 'Note must be at most 1000 characters' : undefined,
      photos: photos.busy
        ? 'Wait for your photos to finish uploading'
        : photos.failed
          ? 'Remove or retry the photos that did not upload'
          : undefined,
    };
    setErrors(next);
    if (next.items || next.reason || next.note || next.photos || reason === null) return;
    create.mutate(
      { orderId, lines, reason, note: note.trim(), photoIds: photos.photoIds },
      {
        onSuccess: (answer) => navigate(paths.myReturn(answer.return._id), { replace: true }),
        onError: (error) =>
          setErrors({
            form: isApiError(error) ? error.message : 'Your request could not be sent. Try again.',
          }),
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!create.isPending) submit();
      }}
    >
      <BuyerCard>
        <ItemsField
          options={options}
          chosen={chosen}
          onChange={(next) => {
            setChosen(next);
            setErrors((e) => ({ ...e, items: undefined }));
          }}
          error={errors.items}
        />
      </BuyerCard>
      <BuyerCard>
        <ReasonField
          reasons={options.reasons}
          value={reason}
          onChange={(r) => {
            setReason(r);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          error={errors.reason}
        />
      </BuyerCard>
      <BuyerCard>
        <div className="flex flex-col gap-4">
          <TextAreaField
            label="Tell the seller what happened (optional)"
            hint="e.g. The zip is broken, or it is a size M, not L."
            value={note}
            maxLength={1000}
            rows={3}
            error={errors.note}
            onChange={(e) => setNote(e.target.value)}
          />
          <PhotoUploadField
            label={`Photos (optional, up to ${MAX_RETURN_PHOTOS})`}
            hint="Photos of the damage or the wrong item help the seller decide quickly."
            photos={photos}
            error={errors.photos}
          />
        </div>
      </BuyerCard>
      {options.policy && <p className="px-1 text-ink-muted text-xs">{options.policy}</p>}
      {errors.form && (
        <p role="alert" className="rounded-control bg-danger-50 px-3 py-2 text-danger-700 text-sm">
          {errors.form}
        </p>
      )}
      <div className="sticky bottom-0 -mx-4 border-line border-t bg-surface px-4 py-3">
        <Button type="submit" size="lg" fullWidth loading={create.isPending}>
          {value > 0 ? `Request return · ${formatNaira(value)}` : 'Request return'}
        </Button>
      </div>
    </form>
  );
}

/** `/my-orders/{id}/return`: the buyer chooses items, a reason, a note and photos, and asks. */
export function BuyerReturnRequestPage({
  api,
  orderId,
  upload,
  onSessionExpired,
}: BuyerReturnRequestPageProps) {
  const query = useQuery(returnQueries.options(api, orderId));
  useEffect(() => {
    if (isApiError(query.error) && query.error.status === 401) onSessionExpired();
  }, [query.error, onSessionExpired]);
  const back = { to: paths.myOrder(orderId), label: 'Back to your order' };
  const options = query.data;
  return (
    <BuyerFrame title="Return an item" back={back}>
      {query.isPending ? (
        <div className="flex justify-center py-16 text-brand-600">
          <Spinner size="lg" label="Loading your order" />
        </div>
      ) : !options ? (
        <BuyerCard>
          <p role="alert" className="text-ink">
            {isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)
              ? 'Order not found.'
              : 'This order could not be loaded. Check your connection, then try again.'}
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </BuyerCard>
      ) : options.openReturnId ? (
        <BuyerCard>
          <p className="text-ink">You already have a return open on this order.</p>
          <Link
            to={paths.myReturn(options.openReturnId)}
            className={clsx(buttonClasses({ fullWidth: true }), 'mt-3')}
          >
            View return
          </Link>
        </BuyerCard>
      ) : !options.eligible ? (
        <BuyerCard>
          <p className="text-ink">{options.reason ?? 'This order can no longer be returned.'}</p>
          <Link
            to={back.to}
            className={clsx(buttonClasses({ variant: 'secondary', fullWidth: true }), 'mt-3')}
          >
            Back to your order
          </Link>
        </BuyerCard>
      ) : (
        <>
          {options.windowEndsAt && (
            <p className="px-1 text-ink-muted text-sm">
              You can ask for a return until {formatDate(options.windowEndsAt)}.
            </p>
          )}
          <RequestForm api={api} options={options} orderId={orderId} upload={upload} />
        </>
      )}
    </BuyerFrame>
  );
}
