import { Gavel, ImageOff } from 'lucide-react';
import type { LiveProduct } from '@/features/live-room/live-room';
import { MaxBidForm } from '@/features/watch/max-bid';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { fixedSlot, MediaImage } from '@/ui/media-image';

/**
 * A scheduled auction's products on its watch page, each with a pre-bid (issue 21): a max bid
 * set before the show, which enters when that product's bidding opens.
 */
export function PreBids({
  api,
  streamId,
  products,
  buyerId,
  askToLogIn,
}: {
  api: ApiClient;
  streamId: string;
  products: readonly LiveProduct[];
  buyerId: string | null;
  askToLogIn: (reason: string) => void;
}) {
  const open = products.filter((p) => p.startingBid !== null && p.bidStatus === 'pending');
  if (open.length === 0) return null;
  return (
    <section aria-label="Pre-bids" className="rounded-card bg-surface p-4 text-ink shadow-card">
      <h2 className="flex items-center gap-2 font-semibold">
        <Gavel className="size-4" aria-hidden />
        Up for auction
      </h2>
      <ul className="mt-2 flex flex-col divide-y divide-line">
        {open.map((row) => (
          <li key={row.key} className="py-3">
            <div className="flex gap-3">
              {row.image ? (
                <MediaImage
                  src={row.image}
                  shownAt={fixedSlot(56)}
                  loading="lazy"
                  className="size-14 shrink-0 rounded-control object-cover"
                />
              ) : (
                <span className="flex size-14 shrink-0 items-center justify-center rounded-control bg-canvas text-ink-subtle">
                  <ImageOff className="size-5" aria-hidden />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <h3 className="truncate font-medium">{row.name}</h3>
                <p className="text-ink-muted text-sm">
                  Starting bid{' '}
                  <span className="font-semibold text-ink">
                    {row.startingBid === null ? '—' : formatNaira(row.startingBid)}
                  </span>
                </p>
              </div>
            </div>
            <MaxBidForm
              api={api}
              streamId={streamId}
              row={row}
              buyerId={buyerId}
              minimum={row.startingBid}
              kind="pre_bid"
              askToLogIn={askToLogIn}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
