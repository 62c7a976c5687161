import { useState } from 'react';
import type { VariantAction } from '@/features/products/variant-builder';
import { parseNairaInput } from '@/lib/money';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

/** A price or a stock (or both) for every combination at once. */
export function ApplyToAll({ dispatch }: { dispatch: (action: VariantAction) => void }) {
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
