import {
  type OrderDetail,
  type OrderResponse,
  type ReturnReason,
  type ReturnResponse,
  type ReturnStatus,
  variantLabel,
} from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { RETURN_REASON_TEXT, RETURN_REASONS } from '@/features/returns/return-labels';
import { ReturnStatusBadge } from '@/features/returns/return-list';
import { returnKeys, returnQueries } from '@/features/returns/returns-queries';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { SelectBox, TextAreaField } from '@/ui/form-parts';

/*
 * The Order screen's returns: those opened on this order, each linked to its Return screen, and
 * "Open a return" for a buyer who asked by phone or WhatsApp instead of the app (`return_created`,
 * POST /api/orders/:id/returns). The server decides what can be returned; its refusal shows in the dialog.
 */

const ENDED: readonly ReturnStatus[] = ['refunded', 'rejected', 'closed'];

const orderKey = (orderId: string) => ['returns', 'order', orderId] as const;
const fetchOrder = (api: ApiClient, orderId: string, signal?: AbortSignal) =>
  api.get<OrderResponse>(`/orders/${encodeURIComponent(orderId)}`, { signal });

/** An order whose goods reached the buyer and that was paid through the platform can be returned here. */
export const canOpenReturn = (order: OrderDetail) =>
  (order.fulfilmentStatus === 'delivered' || order.fulfilmentStatus === 'picked_up') &&
  order.paymentMethod === 'online' &&
  (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded');

export function OrderReturnsPanel({ api, orderId }: { api: ApiClient; orderId: string }) {
  const order = useQuery({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => fetchOrder(api, orderId, signal),
    select: (data) => data.order,
  });
  const number = order.data?.number;
  const returns = useQuery({
    ...returnQueries.list(api, { tab: 'all', search: number ?? '', page: 1 }),
    enabled: Boolean(number),
  });
  const [opening, setOpening] = useState(false);
  if (!order.data) return null;
  const mine = (returns.data?.returns ?? []).filter((r) => r.order._id === orderId);
  // One return at a time per order (the server refuses a second): while one is open, it is the way.
  const openable = canOpenReturn(order.data) && !mine.some((r) => !ENDED.includes(r.status));
  if (mine.length === 0 && !openable) return null;
  return (
    <section aria-labelledby="order-returns" className="rounded-card border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-returns" className="font-semibold text-ink">
          Returns
        </h2>
        {openable && (
          <Button variant="secondary" size="sm" onClick={() => setOpening(true)}>
            Open a return
          </Button>
        )}
      </div>
      {mine.length === 0 ? (
        <p className="mt-2 text-ink-muted text-sm">
          No return on this order. If the buyer asked you outside the app, open one for them here.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-line">
          {mine.map((r) => (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <Link to={paths.dashboard.return(r._id)} className="font-medium text-brand-700 underline">
                {r.number}
              </Link>
              <span className="text-ink-muted">{RETURN_REASON_TEXT[r.reason]}</span>
              <ReturnStatusBadge status={r.status} />
            </li>
          ))}
        </ul>
      )}
      {opening && <OpenReturnDialog api={api} order={order.data} onClose={() => setOpening(false)} />}
    </section>
  );
}

function OpenReturnDialog({
  api,
  order,
  onClose,
}: {
  api: ApiClient;
  order: OrderDetail;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason>('damaged');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: () =>
      api.post<ReturnResponse>(`/orders/${encodeURIComponent(order._id)}/returns`, {
        lines: Object.entries(quantities)
          .filter(([, quantity]) => quantity > 0)
          .map(([orderLineId, quantity]) => ({ orderLineId, quantity })),
        reason,
        note,
      }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: returnKeys.all });
      toast.success(`Return ${answer.return.number} opened`);
      onClose();
      navigate(paths.dashboard.return(answer.return._id));
    },
    // Shown in the dialog (no meta.errorToast): the seller fixes the choice where they made it.
    onError: (err) => setProblem(isApiError(err) ? err.message : 'Could not open the return. Try again.'),
  });
  const chosen = Object.values(quantities).some((q) => q > 0);
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Open a return for ${order.number}`}
      description={`For ${order.buyer.name}. They are told by e-mail and see it with their order.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={open.isPending}
            onClick={() => {
              if (!chosen) return setProblem('Choose an item and how many come back');
              setProblem(null);
              open.mutate();
            }}
          >
            Open return
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold text-ink text-sm">Items coming back</legend>
          {order.lines.map((line) => {
            const variant = variantLabel(line.variant);
            return (
              <label key={line._id} className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-ink">{line.name}</span>
                  <span className="block text-ink-muted">
                    {variant ? `${variant} · ` : ''}
                    {line.quantity} × {formatNaira(line.unitPrice)}
                  </span>
                </span>
                <select
                  aria-label={`How many ${line.name}${variant ? ` (${variant})` : ''} come back`}
                  value={quantities[line._id] ?? 0}
                  onChange={(e) => setQuantities({ ...quantities, [line._id]: Number(e.target.value) })}
                  className="min-h-11 rounded-control border border-line-strong bg-surface px-3 text-base"
                >
                  {Array.from({ length: line.quantity + 1 }, (_, n) => n).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
        </fieldset>
        <SelectBox label="Reason" value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)}>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_TEXT[r]}
            </option>
          ))}
        </SelectBox>
        <TextAreaField
          label="Note"
          hint="What the buyer told you; they see it on the return."
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
        />
        {problem && (
          <p role="alert" className="text-danger-700 text-sm">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}
