import type { CouponChoicesResponse } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Radio, Search } from 'lucide-react';
import { useState } from 'react';
import { formatNaira } from '@/lib/money';
import { fixedSlot, MediaImage } from '@/ui/media-image';

/* The coupon form's pickers: the seller's products (searchable, several) and a show not yet ended. */

const showWhen = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

export function ProductPicker({
  products,
  value,
  onChange,
  error,
}: {
  products: CouponChoicesResponse['products'];
  value: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const [words, setWords] = useState('');
  const shown = products.filter((p) => p.name.toLowerCase().includes(words.trim().toLowerCase()));
  if (products.length === 0) {
    return <p className="text-ink-muted text-sm">You have no products on sale yet. Add one first.</p>;
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'coupon-products-error' : undefined}>
      <legend className="font-medium text-ink text-sm">Products ({value.length} chosen)</legend>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-5 text-ink-subtle" />
        <input
          type="search"
          aria-label="Search your products"
          placeholder="Search your products"
          value={words}
          onChange={(e) => setWords(e.target.value)}
          className="min-h-11 w-full rounded-control border border-line-strong bg-surface pr-3 pl-10 text-base"
        />
      </div>
      <ul className="max-h-72 divide-y divide-line overflow-y-auto rounded-control border border-line">
        {shown.map((p) => {
          const checked = value.includes(p._id);
          return (
            <li key={p._id}>
              <label className="flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => onChange(checked ? value.filter((id) => id !== p._id) : [...value, p._id])}
                  className="size-5 accent-brand-600"
                />
                {p.image ? (
                  <MediaImage
                    src={p.image}
                    shownAt={fixedSlot(40)}
                    className="size-10 rounded-control object-cover"
                  />
                ) : (
                  <span aria-hidden className="size-10 rounded-control bg-canvas" />
                )}
                <span className="min-w-0 flex-1 truncate text-ink">{p.name}</span>
                <span className="text-ink-muted text-sm tabular-nums">{formatNaira(p.price)}</span>
              </label>
            </li>
          );
        })}
        {shown.length === 0 && (
          <li className="px-3 py-4 text-ink-muted text-sm">No product matches “{words}”.</li>
        )}
      </ul>
      {error && (
        <p id="coupon-products-error" className="text-danger-600 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function ShowPicker({
  shows,
  value,
  onChange,
  error,
}: {
  shows: CouponChoicesResponse['shows'];
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  if (shows.length === 0) {
    return (
      <p className="text-ink-muted text-sm">
        You have no scheduled shows. Schedule a live show first, then make its flash coupon here.
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'coupon-show-error' : undefined}>
      <legend className="font-medium text-ink text-sm">Live show</legend>
      {shows.map((s) => (
        <label
          key={s._id}
          className={clsx(
            'flex min-h-12 cursor-pointer items-center gap-3 rounded-control border p-3',
            value === s._id ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
          )}
        >
          <input
            type="radio"
            name="coupon-show"
            checked={value === s._id}
            onChange={() => onChange(s._id)}
            className="size-4 accent-brand-600"
          />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-ink">{s.title}</span>
            <span className="block text-ink-muted text-sm">
              {showWhen.format(new Date(s.scheduledStartTime))}
            </span>
          </span>
          {s.status === 'live' && (
            <span className="inline-flex items-center gap-1 rounded-full bg-danger-600 px-2 py-0.5 font-semibold text-white text-xs">
              <Radio aria-hidden className="size-3" /> Live now
            </span>
          )}
        </label>
      ))}
      {error && (
        <p id="coupon-show-error" className="text-danger-600 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
