import {
  type EnterGiveawayResponse,
  GIVEAWAY_AUDIENCE_LABELS,
  type Giveaway,
  type GiveawayEntryResponse,
  variantLabel,
} from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift, PartyPopper, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { countdown, useShowGiveaways } from '@/features/live-room/giveaways';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';

const entryKey = (id: string, buyerId: string | null) => ['giveaways', id, 'entry', buyerId] as const;
const itemName = (g: Giveaway) =>
  `${g.quantity > 1 ? `${g.quantity} × ` : ''}${g.productName}${g.variant.length ? ` — ${variantLabel(g.variant)}` : ''}`;

/**
 * The watch page's giveaway (issue 21): while one runs, the item, the countdown, how many are in
 * and "Enter giveaway" (a log-in first for a visitor); at the draw, who won — "You won" with a link
 * to the winner's order. Everything comes from the server's events (live-room/giveaways.ts).
 */
export function WatchGiveaway({
  api,
  streamId,
  socket,
  buyerId,
  askToLogIn,
  now,
}: {
  api: ApiClient;
  streamId: string;
  socket: LiveSocketLike | null;
  buyerId: string | null;
  askToLogIn: (reason: string) => void;
  now: number;
}) {
  const client = useQueryClient();
  // Only draws seen on this page are celebrated; an old one is not news.
  const [seenDraw, setSeenDraw] = useState<string | null>(null);
  const show = useShowGiveaways({
    api,
    streamId,
    socket,
    onDrawn: (g) => {
      setSeenDraw(g.id);
      void client.invalidateQueries({ queryKey: ['giveaways', g.id, 'entry'] });
    },
  });
  const shown = show.running ?? (seenDraw ? (show.giveaways.find((g) => g.id === seenDraw) ?? null) : null);
  const entry = useQuery({
    queryKey: entryKey(shown?.id ?? '', buyerId),
    queryFn: () => api.get<GiveawayEntryResponse>(`/giveaways/${encodeURIComponent(shown?.id ?? '')}/entry`),
    enabled: shown !== null && buyerId !== null,
  });
  const [error, setError] = useState<string | null>(null);
  // Failures are shown in the card (a refusal says why), not toasted.
  const enter = useMutation({
    mutationFn: (id: string) =>
      api.post<EnterGiveawayResponse>(`/giveaways/${encodeURIComponent(id)}/entries`),
    onSuccess: (answer, id) => {
      client.setQueryData(entryKey(id, buyerId), answer);
      setError(null);
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 409 && /already entered/.test(err.message)) {
        void entry.refetch();
        return;
      }
      setError(err instanceof Error ? err.message : 'You were not entered. Try again.');
    },
  });
  if (!shown) return null;

  if (shown.status !== 'running') {
    const won = shown.winner !== null && shown.winner._id === buyerId;
    return (
      <section
        aria-label="Giveaway result"
        className={
          won
            ? 'rounded-card bg-amber-400 p-4 text-amber-950 shadow-card'
            : 'rounded-card bg-white/10 p-4 text-white'
        }
      >
        <p role="status" className="flex items-center gap-2 font-bold">
          <PartyPopper className="size-5" aria-hidden />
          {won
            ? 'You won!'
            : shown.winner
              ? `${shown.winner.name} won the giveaway`
              : 'Nobody entered the giveaway'}
        </p>
        <p className="mt-1 text-sm">
          {itemName(shown)} · {shown.entrantsCount} entered
        </p>
        {won && entry.data?.orderId && (
          <Link
            to={paths.myOrder(entry.data.orderId)}
            className="mt-3 inline-flex min-h-11 items-center rounded-control bg-amber-950 px-4 font-semibold text-sm text-white"
          >
            View your order
          </Link>
        )}
      </section>
    );
  }

  const entered = entry.data?.entered === true;
  return (
    <section aria-label="Giveaway" className="rounded-card bg-brand-700 p-4 text-white shadow-card">
      <div className="flex items-start gap-3">
        {shown.productImage ? (
          <MediaImage
            src={shown.productImage}
            shownAt={fixedSlot(56)}
            className="size-14 shrink-0 rounded-control object-cover"
          />
        ) : (
          <span className="flex size-14 shrink-0 items-center justify-center rounded-control bg-white/15">
            <Gift className="size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-white/80 text-xs uppercase tracking-wide">Giveaway</p>
          <p className="truncate font-bold">{itemName(shown)}</p>
          <p className="mt-1 flex items-center gap-3 text-sm">
            <span role="timer" aria-label="Time left" className="font-mono font-bold">
              {countdown(shown.endsAt, now)}
            </span>
            <span className="flex items-center gap-1">
              <Users className="size-4" aria-hidden />
              {shown.entrantsCount} entered
            </span>
          </p>
        </div>
      </div>
      {shown.audience !== 'everyone' && (
        <p className="mt-2 text-white/85 text-xs">{GIVEAWAY_AUDIENCE_LABELS[shown.audience]}</p>
      )}
      {entered ? (
        <p role="status" className="mt-3 rounded-control bg-white/15 px-3 py-2 font-semibold text-sm">
          You’re in! The winner is drawn when the time is up.
        </p>
      ) : (
        <Button
          className="mt-3"
          fullWidth
          variant="secondary"
          loading={enter.isPending}
          onClick={() => {
            if (!buyerId) {
              askToLogIn('Log in or sign up to enter the giveaway.');
              return;
            }
            enter.mutate(shown.id);
          }}
        >
          Enter giveaway
        </Button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-white">
          {error}
        </p>
      )}
    </section>
  );
}
