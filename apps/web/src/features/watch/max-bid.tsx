import type { MyMaxBid, SetMaxBidBody, StreamProduct } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { LiveProduct } from '@/features/live-room/live-room';
import { maxBidKeys, maxBidQueries, putMaxBid } from '@/features/watch/max-bids-queries';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';

/**
 * A buyer's max bid (issue 21): the most they will pay; the server bids for them by the smallest
 * step that keeps them ahead, up to it. Shown under the bid buttons while bidding is open, and on
 * a scheduled show's products as a pre-bid. The buyer sees their max and whether they are winning;
 * nobody else ever sees it.
 */

const short = (naira: number) => formatNaira(naira).replace(/\.00$/, '');

/** What the server wants for one row, with its row id when it has one (per-variant auctions). */
export function maxBidBody(
  row: Pick<LiveProduct, 'productId' | 'streamProductId'>,
  maxBid: number,
): SetMaxBidBody {
  return row.streamProductId
    ? { productId: row.productId, streamProductId: row.streamProductId, maxBid }
    : { productId: row.productId, maxBid };
}

/** The buyer's max for one row of the show, if any. */
export function useMyMaxBid(
  api: ApiClient,
  streamId: string,
  buyerId: string | null,
  row: LiveProduct | null,
) {
  const query = useQuery(maxBidQueries.mine(api, streamId, buyerId));
  const mine: MyMaxBid | null =
    (row && query.data?.maxBids.find((m) => m.streamProductId === (row.streamProductId ?? row.key))) ?? null;
  return { mine, query };
}

export interface MaxBidFormProps {
  api: ApiClient;
  streamId: string;
  row: LiveProduct;
  buyerId: string | null;
  /** The smallest max the server takes now (the minimum next bid, or the starting bid before the show). */
  minimum: number | null;
  /** A pre-bid (before the auction runs) or a max bid during it. */
  kind: 'pre_bid' | 'max_bid';
  /** Not logged in: the page opens its log-in sheet with this reason. */
  askToLogIn: (reason: string) => void;
  /** The product as the server left it after the bids the max placed at once. */
  onProduct?: (product: StreamProduct) => void;
  /** The seller's connection dropped: nothing is taken until they are back. */
  paused?: boolean;
}

export function MaxBidForm({
  api,
  streamId,
  row,
  buyerId,
  minimum,
  kind,
  askToLogIn,
  onProduct,
  paused = false,
}: MaxBidFormProps) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { mine } = useMyMaxBid(api, streamId, buyerId, row);
  const save = useMutation({
    mutationFn: (maxBid: number) => putMaxBid(api, streamId, maxBidBody(row, maxBid)),
    onSuccess: (answer) => {
      setValue('');
      setError(null);
      onProduct?.(answer.product);
      void queryClient.invalidateQueries({ queryKey: maxBidKeys.all });
    },
    onError: (e) => setError(e instanceof Error ? e.message : 'Your max bid was not set. Try again.'),
  });

  const label = kind === 'pre_bid' ? 'Pre-bid' : 'Set max bid';
  // Winning is the room's latest word (new_bid), not the answer of the last fetch.
  const winning = buyerId !== null && row.currentBidder?._id === buyerId;
  const passed = mine !== null && !winning && row.currentBid !== null && row.currentBid >= mine.maxBid;
  const floor = mine ? Math.max(minimum ?? 0, mine.maxBid + 1) : minimum;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!buyerId) {
      askToLogIn(`Log in or sign up to ${kind === 'pre_bid' ? 'place a pre-bid' : 'set a max bid'}.`);
      return;
    }
    const amount = Number(value.replace(/[^\d.]/g, ''));
    if (!Number.isFinite(amount) || amount <= 0) {
      setError('Enter an amount in naira');
      return;
    }
    save.mutate(amount);
  };

  return (
    <div className="mt-3 rounded-control border border-line bg-canvas p-3">
      {mine ? (
        <p className="flex items-start gap-2 text-sm" data-testid="my-max-bid">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <span>
            Your {mine.status === 'pre_bid' ? 'pre-bid' : 'max bid'}{' '}
            <span className="font-semibold">{short(mine.maxBid)}</span>
            {mine.status !== 'pre_bid' && (
              <span
                className={`ml-2 rounded-full px-2 py-0.5 font-semibold text-xs ${
                  winning ? 'bg-brand-50 text-brand-800' : 'bg-danger-50 text-danger-700'
                }`}
              >
                {winning ? 'You’re winning' : passed ? 'Outbid: raise your max' : 'Not winning'}
              </span>
            )}
            <span className="block text-ink-muted text-xs">
              {mine.status === 'pre_bid'
                ? 'It bids for you when this product’s auction starts. Only you can see it.'
                : 'We bid for you, one step at a time, up to it. Only you can see it.'}
            </span>
          </span>
        </p>
      ) : (
        <p className="text-ink-muted text-xs">
          {kind === 'pre_bid'
            ? 'Can’t make the show? Pre-bid your max: we bid for you when the auction starts.'
            : 'Set the most you will pay: we bid for you, one step at a time, up to it.'}
        </p>
      )}
      <form onSubmit={submit} className="mt-2 flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="font-medium text-ink text-sm">
            {mine ? 'Raise your max (₦)' : kind === 'pre_bid' ? 'Your pre-bid (₦)' : 'Your max bid (₦)'}
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={floor === null ? '' : String(Math.ceil(floor))}
            className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base"
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          loading={save.isPending}
          disabled={save.isPending || paused || value.trim() === ''}
        >
          {label}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-danger-600 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
