import { MAX_VARIANT_LEVELS } from '@kasuwa/contracts/limits';
import { useState } from 'react';
import type { UploadFn } from '@/features/products/products-api';
import { ApplyToAll } from '@/features/products/variant-apply-all';
import {
  photoPool,
  productStock,
  type VariantAction,
  type VariantState,
} from '@/features/products/variant-builder';
import { combinationsOf } from '@/features/products/variant-combinations';
import { VariantGrid } from '@/features/products/variant-grid';
import { NewOption, OptionEditor } from '@/features/products/variant-options';
import { type PhotoTarget, VariantPhotoDialog } from '@/features/products/variant-photos';
import { TopLevelPhotos } from '@/features/products/variant-top-photos';
import { formatNaira, parseNairaInput } from '@/lib/money';

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
          <VariantGrid
            rows={rows}
            depth={depth}
            pricePlaceholder={base !== undefined && !Number.isNaN(base) ? String(base) : 'Product price'}
            dispatch={dispatch}
            onPick={setPicking}
          />
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
