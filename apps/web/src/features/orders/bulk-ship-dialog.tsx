import type { BulkShipResponse, OrderSummary } from '@kasuwa/contracts';
import { useState } from 'react';
import { CarrierField, carrierError } from '@/features/orders/carrier-field';
import { useBulkShip } from '@/features/orders/orders-mutations';
import type { ApiClient } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { LazyDialog } from '@/ui/lazy-dialog';

/**
 * "Mark as shipped" for the chosen orders: asks the carrier, then says which were shipped and,
 * for any that were not, why (a partial success is still a success for the others).
 */
export function BulkShipDialog({
  api,
  orders,
  open,
  onClose,
  onShipped,
}: {
  api: ApiClient;
  /** The chosen orders, for their numbers in the result. */
  orders: OrderSummary[];
  open: boolean;
  onClose: () => void;
  /** The ids that were shipped, so the screen can unselect them. */
  onShipped: (ids: string[]) => void;
}) {
  const [carrier, setCarrier] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<BulkShipResponse | null>(null);
  const ship = useBulkShip(api);
  const numberOf = (id: string) => orders.find((o) => o._id === id)?.number ?? id;

  const close = () => {
    setResult(null);
    setError(undefined);
    ship.reset();
    onClose();
  };

  const submit = () => {
    const problem = carrierError(carrier);
    setError(problem);
    if (problem) return;
    ship.mutate(
      { orderIds: orders.map((o) => o._id), carrier: carrier.trim() },
      {
        onSuccess: (answer) => {
          onShipped(answer.shipped);
          if (answer.failed.length === 0) close();
          else setResult(answer);
        },
      },
    );
  };

  const count = orders.length;
  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={
        result
          ? 'Some orders were not shipped'
          : `Mark ${count} ${count === 1 ? 'order' : 'orders'} as shipped`
      }
      description={result ? undefined : 'Buyers are told their order is on its way, with the carrier.'}
      footer={
        result ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={ship.isPending}>
              Mark as shipped
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="flex flex-col gap-3 text-sm">
          {result.shipped.length > 0 && (
            <p className="text-ink">
              {result.shipped.length} {result.shipped.length === 1 ? 'order was' : 'orders were'} marked as
              shipped.
            </p>
          )}
          <ul aria-label="Not shipped" className="flex flex-col gap-2">
            {result.failed.map((failure) => (
              <li key={failure.orderId} className="rounded-control bg-danger-50 p-3 text-danger-700">
                <span className="font-semibold">{numberOf(failure.orderId)}</span>: {failure.message}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <CarrierField value={carrier} onChange={setCarrier} error={error} />
      )}
    </LazyDialog>
  );
}
