import type { Blip } from '@kasuwa/contracts';
import { Clapperboard, Eye, Film, Heart, MessageCircle, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { formatDuration } from '@/features/blips/video-checks';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { type ImageSlot, MediaImage } from '@/ui/media-image';

const count = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

/** Views, likes and comments; the numbers are short ('1.2K'), the words are for screen readers. */
export function BlipCounts({ blip, className }: { blip: Blip; className?: string }) {
  const items = [
    { icon: Eye, value: blip.viewsCount, one: 'view', many: 'views' },
    { icon: Heart, value: blip.likesCount, one: 'like', many: 'likes' },
    { icon: MessageCircle, value: blip.commentsCount, one: 'comment', many: 'comments' },
  ];
  return (
    <ul className={className ?? 'flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-muted text-xs'}>
      {items.map(({ icon: Icon, value, one, many }) => (
        <li key={one} className="inline-flex items-center gap-1 tabular-nums">
          <Icon className="size-3.5 shrink-0" aria-hidden />
          <span aria-hidden>{count.format(value)}</span>
          <span className="sr-only">{`${value} ${value === 1 ? one : many}`}</span>
        </li>
      ))}
    </ul>
  );
}

/** A card of the blips grid: half a phone's width, a third or a quarter on wider screens. */
const GRID_CARD: ImageSlot = { sizes: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw', width: 200 };

/**
 * The poster (at the size its card needs), or a neutral frame when the blip has none. Lazy, since
 * a grid can be long.
 */
export function BlipPoster({
  blip,
  className,
  shownAt = GRID_CARD,
}: {
  blip: Blip;
  className?: string;
  shownAt?: ImageSlot;
}) {
  if (!blip.posterUrl) {
    return (
      <span className={`flex items-center justify-center bg-slate-200 text-slate-500 ${className ?? ''}`}>
        <Film className="size-8" aria-hidden />
      </span>
    );
  }
  return (
    <MediaImage
      src={blip.posterUrl}
      shownAt={shownAt}
      loading="lazy"
      decoding="async"
      width={360}
      height={480}
      className={`bg-slate-200 object-cover ${className ?? ''}`}
    />
  );
}

function BlipCard({ blip }: { blip: Blip }) {
  return (
    <li>
      <Link
        to={paths.dashboard.blip(blip.productId, blip._id)}
        state={{ fromGrid: true }}
        className="group flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card hover:ring-2 hover:ring-brand-200"
      >
        <span className="relative block aspect-[3/4]">
          <BlipPoster blip={blip} className="absolute inset-0 size-full" />
          <span className="absolute right-2 bottom-2 rounded-md bg-ink/80 px-1.5 py-0.5 font-semibold text-white text-xs tabular-nums">
            <span className="sr-only">Length </span>
            {formatDuration(blip.durationSeconds)}
          </span>
        </span>
        <span className="flex flex-1 flex-col gap-1 p-3">
          <span className="line-clamp-2 font-semibold text-ink text-sm">{blip.product.name}</span>
          <span className="font-semibold text-brand-800 text-sm tabular-nums">
            {formatNaira(blip.product.price)}
          </span>
          {blip.caption && <span className="line-clamp-1 text-ink-muted text-xs">{blip.caption}</span>}
          <BlipCounts
            blip={blip}
            className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-ink-muted text-xs"
          />
        </span>
      </Link>
    </li>
  );
}

const gridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

export function BlipGrid({ blips }: { blips: Blip[] }) {
  return (
    <ul aria-label="Blips" className={gridClasses}>
      {blips.map((blip) => (
        <BlipCard key={blip._id} blip={blip} />
      ))}
    </ul>
  );
}

export function BlipGridSkeleton() {
  return (
    <div role="status" aria-label="Loading blips">
      <ul aria-hidden className={gridClasses}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={index} className="overflow-hidden rounded-card bg-surface shadow-card">
            <span className="block aspect-[3/4] animate-pulse bg-line" />
            <span className="flex flex-col gap-2 p-3">
              <span className="h-4 w-4/5 animate-pulse rounded bg-line" />
              <span className="h-4 w-1/3 animate-pulse rounded bg-line" />
              <span className="h-3 w-2/3 animate-pulse rounded bg-line" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function EmptyBlips({ onUpload }: { onUpload: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card bg-surface px-6 py-12 text-center shadow-card">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Clapperboard className="size-7" aria-hidden />
      </span>
      <h2 className="font-semibold text-ink text-lg">No blips yet</h2>
      <p className="max-w-sm text-ink-muted text-sm">
        A blip is a short video of one of your products, up to a minute long. Buyers watch, like and comment
        on it.
      </p>
      <Button onClick={onUpload}>
        <Upload className="size-4" aria-hidden />
        Upload blip
      </Button>
    </div>
  );
}
