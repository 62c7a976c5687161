import {
  type CreateGiveawayBody,
  DEFAULT_GIVEAWAY_DURATION_SECONDS,
  GIVEAWAY_AUDIENCE_LABELS,
  GIVEAWAY_DELIVERY_LABELS,
  GIVEAWAY_DURATIONS_SECONDS,
  type Giveaway,
  type GiveawayAudience,
  type GiveawayDelivery,
  type GiveawayResponse,
  type TrayResponse,
  variantLabel,
} from '@kasuwa/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Gift, Trash2, Trophy, Users } from 'lucide-react';
import { type FormEvent, memo, useState } from 'react';
import { countdown, useShowGiveaways } from '@/features/live-room/giveaways';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { SelectBox } from '@/ui/form-parts';

const durationLabel = (s: number) => (s < 60 ? `${s} seconds` : s === 60 ? '1 minute' : `${s / 60} minutes`);
const itemName = (g: Pick<Giveaway, 'productName' | 'variant' | 'quantity'>) =>
  `${g.quantity > 1 ? `${g.quantity} × ` : ''}${g.productName}${g.variant.length ? ` — ${variantLabel(g.variant)}` : ''}`;

/**
 * The studio's giveaways (issue 21): a Giveaway button beside the camera controls (with the
 * countdown while one runs) opening the show's giveaway items — add one (a product of the show, its
 * variant and quantity, who may enter, how long, who pays delivery), start one, draw it early, and
 * see the winner as the server drew them.
 */
export const StudioGiveaways = memo(function StudioGiveaways({
  api,
  streamId,
  socket,
  live,
  now,
}: {
  api: ApiClient;
  streamId: string;
  socket: LiveSocketLike | null;
  live: boolean;
  now: number;
}) {
  const [open, setOpen] = useState(false);
  const show = useShowGiveaways({ api, streamId, socket });
  const { running } = show;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={running ? `Giveaway running, ${countdown(running.endsAt, now)} left` : 'Giveaways'}
      >
        <Gift className="size-4" aria-hidden />
        {running ? countdown(running.endsAt, now) : 'Giveaway'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Giveaways" focusFirstField={false}>
        <GiveawayPanel api={api} streamId={streamId} live={live} now={now} show={show} />
      </Dialog>
    </>
  );
});

export function GiveawayPanel({
  api,
  streamId,
  live,
  now,
  show,
}: {
  api: ApiClient;
  streamId: string;
  live: boolean;
  now: number;
  show: ReturnType<typeof useShowGiveaways>;
}) {
  const { running, giveaways, query } = show;
  const start = useMutation({
    mutationFn: (id: string) => api.post<GiveawayResponse>(`/giveaways/${encodeURIComponent(id)}/start`, {}),
    onSuccess: (answer) => {
      show.put(answer.giveaway);
      toast.success(answer.message);
    },
    meta: { errorToast: 'Could not start the giveaway' },
  });
  const draw = useMutation({
    mutationFn: (id: string) => api.post<GiveawayResponse>(`/giveaways/${encodeURIComponent(id)}/draw`),
    onSuccess: (answer) => show.put(answer.giveaway),
    meta: { errorToast: 'Could not draw the winner' },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.request(`/giveaways/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void query.refetch(),
    meta: { errorToast: 'Could not remove the giveaway' },
  });

  if (query.isPending) return <p className="text-ink-muted text-sm">Loading giveaways…</p>;
  if (query.isError)
    return (
      <div className="flex flex-col gap-2 text-sm">
        <p className="text-danger-700">The giveaways could not be loaded.</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const scheduled = giveaways.filter((g) => g.status === 'scheduled');
  const done = giveaways.filter((g) => g.status === 'drawn' || g.status === 'no_entrants');
  return (
    <div className="flex flex-col gap-4">
      {running && (
        <section
          aria-label="Running giveaway"
          className="rounded-card border border-brand-200 bg-brand-50 p-3"
        >
          <p className="font-semibold text-brand-900">{itemName(running)}</p>
          <p className="mt-1 flex items-center gap-3 text-brand-900 text-sm">
            <span role="timer" aria-label="Time left" className="font-mono font-bold text-lg">
              {countdown(running.endsAt, now)}
            </span>
            <span className="flex items-center gap-1" role="status">
              <Users className="size-4" aria-hidden />
              {running.entrantsCount} entered
            </span>
          </p>
          <p className="mt-1 text-brand-800 text-xs">
            {GIVEAWAY_AUDIENCE_LABELS[running.audience]} · {GIVEAWAY_DELIVERY_LABELS[running.delivery]} · The
            server draws the winner when the time is up.
          </p>
          <Button
            className="mt-2"
            size="sm"
            variant="secondary"
            loading={draw.isPending}
            onClick={() => draw.mutate(running.id)}
          >
            Draw now
          </Button>
        </section>
      )}
      {done.length > 0 && (
        <section aria-label="Drawn giveaways" className="flex flex-col gap-2">
          {done.map((g) => (
            <p
              key={g.id}
              className="flex items-start gap-2 rounded-card bg-amber-50 p-3 text-amber-950 text-sm"
            >
              <Trophy className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {g.winner ? (
                  <>
                    <strong>{g.winner.name}</strong> won {itemName(g)} ({g.entrantsCount} entered)
                  </>
                ) : (
                  <>Nobody entered the giveaway of {itemName(g)}</>
                )}
              </span>
            </p>
          ))}
        </section>
      )}
      <section aria-label="Giveaway items" className="flex flex-col gap-2">
        <h3 className="font-semibold text-ink text-sm">Ready to run</h3>
        {scheduled.length === 0 ? (
          <p className="text-ink-muted text-sm">No giveaway items yet. Add one below.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {scheduled.map((g) => (
              <li key={g.id} className="rounded-card border border-line p-3">
                <p className="font-medium text-ink text-sm">{itemName(g)}</p>
                <p className="text-ink-muted text-xs">
                  {durationLabel(g.durationSeconds)} · {GIVEAWAY_AUDIENCE_LABELS[g.audience]} ·{' '}
                  {GIVEAWAY_DELIVERY_LABELS[g.delivery]}
                </p>
                <div className="mt-2 flex gap-2">
                  <Button
                    size="sm"
                    disabled={!live || running !== null}
                    loading={start.isPending && start.variables === g.id}
                    onClick={() => start.mutate(g.id)}
                  >
                    <Gift className="size-4" aria-hidden />
                    Start giveaway
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${g.productName}`}
                    loading={remove.isPending && remove.variables === g.id}
                    onClick={() => remove.mutate(g.id)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {!live && scheduled.length > 0 && (
          <p className="text-ink-muted text-xs">Go live to start a giveaway.</p>
        )}
        {running && scheduled.length > 0 && (
          <p className="text-ink-muted text-xs">
            One giveaway runs at a time: start the next after the draw.
          </p>
        )}
      </section>
      <AddGiveaway api={api} streamId={streamId} onAdded={(g) => show.put(g)} />
    </div>
  );
}

/** The form adding a giveaway item: a product of the show (its variant), quantity, rules. */
export function AddGiveaway({
  api,
  streamId,
  onAdded,
}: {
  api: ApiClient;
  streamId: string;
  onAdded: (g: Giveaway) => void;
}) {
  const tray = useQuery({
    queryKey: ['streams', streamId, 'tray'] as const,
    queryFn: () => api.get<TrayResponse>(`/streams/${encodeURIComponent(streamId)}/tray`),
  });
  const [productId, setProductId] = useState('');
  const [combo, setCombo] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [audience, setAudience] = useState<GiveawayAudience>('everyone');
  const [duration, setDuration] = useState<number>(DEFAULT_GIVEAWAY_DURATION_SECONDS);
  const [delivery, setDelivery] = useState<GiveawayDelivery>('buyer_pays');
  const add = useMutation({
    mutationFn: (body: CreateGiveawayBody) =>
      api.post<GiveawayResponse>(`/streams/${encodeURIComponent(streamId)}/giveaways`, body),
    onSuccess: (answer) => {
      onAdded(answer.giveaway);
      toast.success(answer.message);
    },
    meta: { errorToast: 'Could not add the giveaway' },
  });
  const products = tray.data?.products ?? [];
  const chosen = products.find((p) => p.productId === productId) ?? products[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const variant = chosen.combinations[combo]?.variant ?? [];
    add.mutate({
      productId: chosen.productId,
      variant,
      quantity,
      audience,
      durationSeconds: duration,
      delivery,
    });
  };
  if (tray.isPending) return <p className="text-ink-muted text-sm">Loading the show’s products…</p>;
  if (products.length === 0)
    return <p className="text-ink-muted text-sm">Add products to this show to give them away.</p>;
  return (
    <form
      onSubmit={submit}
      aria-label="Add a giveaway"
      className="flex flex-col gap-3 border-line border-t pt-3"
    >
      <h3 className="font-semibold text-ink text-sm">Add a giveaway</h3>
      <SelectBox
        label="Product"
        value={chosen?.productId ?? ''}
        onChange={(e) => {
          setProductId(e.target.value);
          setCombo(0);
        }}
      >
        {products.map((p) => (
          <option key={p.productId} value={p.productId}>
            {p.name}
          </option>
        ))}
      </SelectBox>
      {chosen && chosen.combinations.length > 0 && (
        <SelectBox label="Variant" value={combo} onChange={(e) => setCombo(Number(e.target.value))}>
          {chosen.combinations.map((c, i) => (
            <option key={variantLabel(c.variant)} value={i}>
              {variantLabel(c.variant)} ({c.stock} in stock)
            </option>
          ))}
        </SelectBox>
      )}
      <div className="grid grid-cols-2 gap-3">
        <SelectBox label="Quantity" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectBox>
        <SelectBox label="Duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
          {GIVEAWAY_DURATIONS_SECONDS.map((s) => (
            <option key={s} value={s}>
              {durationLabel(s)}
            </option>
          ))}
        </SelectBox>
      </div>
      <SelectBox
        label="Who can enter"
        value={audience}
        onChange={(e) => setAudience(e.target.value as GiveawayAudience)}
      >
        {Object.entries(GIVEAWAY_AUDIENCE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectBox>
      <SelectBox
        label="Delivery"
        value={delivery}
        onChange={(e) => setDelivery(e.target.value as GiveawayDelivery)}
      >
        {Object.entries(GIVEAWAY_DELIVERY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectBox>
      <Button type="submit" variant="secondary" loading={add.isPending}>
        Add giveaway
      </Button>
    </form>
  );
}
