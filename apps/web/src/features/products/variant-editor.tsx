import { MAX_VARIANT_LEVELS } from '@kasuwa/contracts/limits';
import { clsx } from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { UploadFn } from '@/features/products/products-api';
import {
  photoPool,
  productStock,
  type VariantAction,
  type VariantPath,
  type VariantState,
} from '@/features/products/variant-builder';
import { type PhotoTarget, VariantPhotoButton, VariantPhotoDialog } from '@/features/products/variant-photos';
import { formatNaira, parseNairaInput } from '@/lib/money';
import { Button } from '@/ui/button';
import { ChipsInput } from '@/ui/chips-input';
import { Input } from '@/ui/input';

export interface VariantEditorProps {
  state: VariantState;
  dispatch: (action: VariantAction) => void;
  /** The product's price as typed, shown where a combination has no price of its own. */
  basePrice: string;
  /** The product's uploaded photos, which a variant can pick from. */
  productImages: string[];
  /** Tests pass their own photo upload. */
  upload?: UploadFn | undefined;
  error?: string | undefined;
}

interface Combination {
  path: VariantPath;
  label: string;
  price: number | null;
  stock: number;
  sku: string | null;
  images: string[];
  /** The first-level variant it belongs to (itself at depth 1). */
  top: { value: string; images: string[] };
}

/** Every combination of the options: the lowest level of the variant tree, where stock is typed. */
export function combinationsOf(state: VariantState): Combination[] {
  const depth = state.options.length;
  const rows: Combination[] = [];
  state.variants.forEach((v, i) => {
    const top = { value: v.value, images: v.images };
    if (depth === 1) {
      rows.push({
        path: [i],
        label: v.value,
        price: v.price,
        stock: v.totalStock,
        sku: null,
        images: v.images,
        top,
      });
    }
    v.subVariants.forEach((s, j) => {
      if (depth === 2) {
        rows.push({
          path: [i, j],
          label: `${v.value} / ${s.value}`,
          price: s.price,
          stock: s.stock,
          sku: null,
          images: s.images,
          top,
        });
      }
      s.subSubVariants.forEach((x, k) => {
        rows.push({
          path: [i, j, k],
          label: `${v.value} / ${s.value} / ${x.value}`,
          price: x.price,
          stock: x.stock,
          sku: x.sku,
          images: x.images,
          top,
        });
      });
    });
  });
  return rows;
}

let optionCount = 0;
const newOptionId = () => `option-${Date.now().toString(36)}-${(optionCount++).toString(36)}`;

/**
 * The variant builder's screen (SPEC section 4 "Variant structure"): up to three options with
 * their values, then one row per combination for its photos, price, stock and (at the third level)
 * SKU, and a row that applies a price or stock to every combination. With two or three options each
 * value of the first (each colour, say) gets photos of its own too, which its combinations show
 * until they have their own. The rules live in the reducer.
 */
export function VariantEditor({
  state,
  dispatch,
  basePrice,
  productImages,
  upload,
  error,
}: VariantEditorProps) {
  const rows = combinationsOf(state);
  const total = productStock(state);
  const depth = state.options.length;
  const base = parseNairaInput(basePrice);
  const [picking, setPicking] = useState<PhotoTarget | null>(null);
  const firstOption = state.options[0]?.name ?? '';

  return (
    <div className="flex flex-col gap-4">
      {state.options.map((option, index) => (
        <OptionEditor
          key={option.id}
          level={(index + 1) as 1 | 2 | 3}
          name={option.name}
          values={option.values}
          hasLower={index + 1 < depth}
          dispatch={dispatch}
        />
      ))}
      {depth < MAX_VARIANT_LEVELS && <NewOption level={depth + 1} dispatch={dispatch} />}
      {rows.length > 0 && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold text-ink">
              {rows.length} {rows.length === 1 ? 'combination' : 'combinations'}
            </h3>
            <p className="text-ink text-sm" aria-live="polite">
              Total stock: <strong className="tabular-nums">{total}</strong>
            </p>
          </div>
          <ApplyToAll dispatch={dispatch} />
          {depth > 1 && (
            <TopLevelPhotos
              optionName={firstOption}
              variants={state.variants}
              onOpen={(i, value, images, opener) =>
                setPicking({ path: [i], label: value, images, fallback: "the product's photos", opener })
              }
            />
          )}
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
                      setPicking({
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
                  placeholder={base !== undefined && !Number.isNaN(base) ? String(base) : 'Product price'}
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
          {base !== undefined && !Number.isNaN(base) && (
            <p className="text-ink-muted text-sm">
              A combination without a price of its own sells at the product price, {formatNaira(base)}.
            </p>
          )}
        </div>
      )}
      {error && <p className="font-medium text-danger-600 text-sm">{error}</p>}
      <VariantPhotoDialog
        target={picking}
        pool={picking ? photoPool(productImages, state) : []}
        upload={upload}
        onDone={(path, images) => dispatch({ type: 'setImages', path, images })}
        onClose={() => setPicking(null)}
      />
    </div>
  );
}

/** Photos for each value of the first option (each colour), shown above the combinations. */
function TopLevelPhotos({
  optionName,
  variants,
  onOpen,
}: {
  optionName: string;
  variants: VariantState['variants'];
  onOpen: (index: number, value: string, images: string[], opener: HTMLElement) => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-control border border-line p-3"
    >
      <h3 id={headingId} className="font-semibold text-ink text-sm">
        Photos by {optionName}
      </h3>
      <p className="text-ink-muted text-sm">
        Buyers see these when they choose a {optionName.toLowerCase()}. A combination below can have photos of
        its own.
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {variants.map((v, i) => (
          <li key={v.value} className="flex items-center gap-2">
            <VariantPhotoButton
              label={v.value}
              images={v.images}
              onOpen={(opener) => onOpen(i, v.value, v.images, opener)}
            />
            <span className="font-medium text-ink text-sm">{v.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OptionEditor({
  level,
  name,
  values,
  hasLower,
  dispatch,
}: {
  level: 1 | 2 | 3;
  name: string;
  values: string[];
  hasLower: boolean;
  dispatch: (action: VariantAction) => void;
}) {
  const [text, setText] = useState(name);
  useEffect(() => setText(name), [name]);
  return (
    <fieldset className="flex flex-col gap-3 rounded-control border border-line p-3">
      <legend className="px-1 font-semibold text-ink text-sm">
        Option {level}: {name}
      </legend>
      <Input
        label="Option name"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text.trim()) dispatch({ type: 'renameOption', level, name: text });
          else setText(name);
        }}
      />
      <ChipsInput
        label="Values"
        itemName={`${name} value`}
        values={values}
        maxItems={50}
        hint="Press Enter or a comma after each value."
        onChange={(next) => dispatch({ type: 'setOptionValues', level, values: next })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="ghost"
          size="sm"
          className="text-danger-700"
          onClick={() => dispatch({ type: 'removeOption', level })}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete option<span className="sr-only"> {name}</span>
        </Button>
        {hasLower && <p className="text-ink-muted text-xs">Deleting it also deletes the options after it.</p>}
      </div>
    </fieldset>
  );
}

function NewOption({ level, dispatch }: { level: number; dispatch: (action: VariantAction) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <Plus className="size-4" aria-hidden />
          {level === 1 ? 'Add option' : 'Add another option'}
        </Button>
        {level === 1 && (
          <p className="mt-2 text-ink-muted text-sm">
            Options such as colour, size or material, up to {MAX_VARIANT_LEVELS}.
          </p>
        )}
      </div>
    );
  }

  const add = (pending: string[]) => {
    if (!name.trim()) return setProblem('Give the option a name, e.g. Colour');
    if (pending.length === 0) return setProblem('Add at least one value, e.g. Red');
    dispatch({
      type: 'addOption',
      option: { id: newOptionId(), name: name.trim(), values: pending },
    });
    setOpen(false);
    setName('');
    setValues([]);
    setProblem(null);
  };

  return (
    <fieldset
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-control border border-brand-200 bg-brand-50/40 p-3"
    >
      <p id={headingId} className="font-semibold text-ink text-sm">
        New option {level}
      </p>
      <Input
        label="Option name"
        value={name}
        maxLength={100}
        placeholder="e.g. Colour"
        onChange={(event) => setName(event.target.value)}
      />
      <ChipsInput
        label="Values"
        itemName="value"
        values={values}
        maxItems={50}
        placeholder="e.g. Red, Blue"
        hint="Press Enter or a comma after each value."
        onChange={setValues}
      />
      {problem && (
        <p role="alert" className="font-medium text-danger-600 text-sm">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => add(values)}>Add option</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setOpen(false);
            setProblem(null);
          }}
        >
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

function ApplyToAll({ dispatch }: { dispatch: (action: VariantAction) => void }) {
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    const p = parseNairaInput(price);
    const s = parseNairaInput(stock);
    if (p === undefined && s === undefined) return setProblem('Type a price or a stock to apply');
    if (
      (p !== undefined && (Number.isNaN(p) || p <= 0)) ||
      (s !== undefined && (!Number.isInteger(s) || s < 0))
    ) {
      return setProblem('Enter a price above 0 and a whole stock number');
    }
    dispatch({
      type: 'applyToAll',
      ...(p !== undefined ? { price: p } : {}),
      ...(s !== undefined ? { stock: s } : {}),
    });
    setProblem(null);
  };
  return (
    <div className="flex flex-col gap-2 rounded-control bg-canvas p-3">
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <Input
          label="Price for all (₦)"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
        <Input
          label="Stock for all"
          inputMode="numeric"
          value={stock}
          onChange={(e) => setStock(e.target.value)}
        />
        <Button variant="secondary" className="col-span-2 sm:col-span-1" onClick={apply}>
          Apply to all
        </Button>
      </div>
      {problem && (
        <p role="alert" className="font-medium text-danger-600 text-sm">
          {problem}
        </p>
      )}
    </div>
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
