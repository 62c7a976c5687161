import { clsx } from 'clsx';
import { useEffect, useId, useState } from 'react';
import type { VariantAction } from '@/features/products/variant-builder';
import type { Combination } from '@/features/products/variant-combinations';
import { type PhotoTarget, VariantPhotoButton } from '@/features/products/variant-photos';
import { parseNairaInput } from '@/lib/money';

/**
 * One row per combination: its photos button, price, stock and (at the third level) SKU. A
 * combination without photos of its own shows its first-level value's first photo, faded.
 */
export function VariantGrid({
  rows,
  depth,
  pricePlaceholder,
  dispatch,
  onPick,
}: {
  rows: Combination[];
  depth: number;
  /** The product price, shown where a combination has no price of its own. */
  pricePlaceholder: string;
  dispatch: (action: VariantAction) => void;
  onPick: (target: PhotoTarget) => void;
}) {
  return (
    <>
      <div
        className="hidden grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1.6fr)] gap-3 px-3 font-medium text-ink-muted text-sm sm:grid"
        aria-hidden
      >
        <span>Variant</span>
        <span>Price (₦)</span>
        <span>Stock</span>
        <span>{depth === 3 ? 'SKU' : ''}</span>
      </div>
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li
            key={row.path.join('.')}
            className="grid grid-cols-2 items-end gap-3 rounded-control border border-line p-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1.6fr)] sm:items-center"
          >
            <div className="col-span-2 flex items-center gap-3 sm:col-span-1">
              <VariantPhotoButton
                label={row.label}
                images={row.images}
                inherited={depth > 1 ? row.top.images[0] : undefined}
                inheritedFrom={row.top.value}
                onOpen={(opener) =>
                  onPick({
                    opener,
                    path: row.path,
                    label: row.label,
                    images: row.images,
                    fallback:
                      depth > 1 && row.top.images.length > 0
                        ? `${row.top.value}'s photos`
                        : "the product's photos",
                  })
                }
              />
              <p className="min-w-0 break-words font-medium text-ink">{row.label}</p>
            </div>
            <CellInput
              label="Price"
              name={`Price for ${row.label}`}
              kind="price"
              value={row.price}
              placeholder={pricePlaceholder}
              onValue={(price) => dispatch({ type: 'setPrice', path: row.path, price })}
            />
            <CellInput
              label="Stock"
              name={`Stock for ${row.label}`}
              kind="stock"
              value={row.stock}
              onValue={(stock) => stock !== null && dispatch({ type: 'setStock', path: row.path, stock })}
            />
            {row.sku !== null && row.path.length === 3 ? (
              <SkuInput
                name={`SKU for ${row.label}`}
                value={row.sku}
                onValue={(sku) =>
                  dispatch({ type: 'setSku', path: row.path as [number, number, number], sku })
                }
              />
            ) : (
              <span className="hidden sm:block" />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

const cellClasses = (invalid: boolean) =>
  clsx(
    'min-h-11 w-full rounded-control border bg-surface px-3 text-base text-ink placeholder:text-ink-subtle',
    invalid ? 'border-danger-600' : 'border-line-strong',
  );

/**
 * A price or stock box of one combination. It keeps the seller's text while typing and follows the
 * value when it changes from outside (e.g. "Apply to all").
 */
function CellInput({
  label,
  name,
  kind,
  value,
  placeholder,
  onValue,
}: {
  label: string;
  name: string;
  kind: 'price' | 'stock';
  value: number | null;
  placeholder?: string;
  onValue: (value: number | null) => void;
}) {
  const id = useId();
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((current) => {
      const typed = parseNairaInput(current);
      return (typed ?? null) === value ? current : shown;
    });
  }, [value, shown]);
  const parsed = parseNairaInput(text);
  const invalid =
    parsed !== undefined &&
    (Number.isNaN(parsed) || parsed < 0 || (kind === 'stock' && !Number.isInteger(parsed)));

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-ink-muted text-xs sm:sr-only">
        {label}
      </label>
      <input
        id={id}
        aria-label={name}
        inputMode={kind === 'price' ? 'decimal' : 'numeric'}
        value={text}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const n = parseNairaInput(next);
          if (n === undefined) {
            if (kind === 'price') onValue(null);
          } else if (!Number.isNaN(n) && n >= 0 && (kind === 'price' || Number.isInteger(n))) {
            onValue(n);
          }
        }}
        className={cellClasses(invalid)}
      />
    </div>
  );
}

function SkuInput({ name, value, onValue }: { name: string; value: string; onValue: (sku: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
      <label htmlFor={id} className="font-medium text-ink-muted text-xs sm:sr-only">
        SKU
      </label>
      <input
        id={id}
        aria-label={name}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => onValue(text)}
        className={cellClasses(false)}
      />
    </div>
  );
}
