import { useState } from 'react';
import { COMMON_CARRIERS } from '@/features/orders/orders-api';
import { LabelledField, SelectBox } from '@/ui/form-parts';

const OTHER = 'other';

/** The contract's carrier rule (carrierField) in its words, checked before the call goes out. */
export function carrierError(carrier: string): string | undefined {
  const text = carrier.trim();
  if (!text) return 'Carrier is required';
  if (text.length > 80) return 'Carrier must be at most 80 characters';
  return undefined;
}

/**
 * The carrier: one of the common Nigerian ones, or "Another carrier" with a box to type its name.
 * `value` is the carrier's name as it will be sent.
 */
export function CarrierField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (carrier: string) => void;
  error?: string | undefined;
}) {
  const [other, setOther] = useState(value !== '' && !(COMMON_CARRIERS as readonly string[]).includes(value));
  const choice = other ? OTHER : value;
  return (
    <div className="flex flex-col gap-3">
      <SelectBox
        label="Carrier"
        value={choice}
        error={other ? undefined : error}
        onChange={(event) => {
          const next = event.target.value;
          setOther(next === OTHER);
          onChange(next === OTHER ? '' : next);
        }}
      >
        <option value="">Choose a carrier</option>
        {COMMON_CARRIERS.map((carrier) => (
          <option key={carrier} value={carrier}>
            {carrier}
          </option>
        ))}
        <option value={OTHER}>Another carrier…</option>
      </SelectBox>
      {other && (
        <LabelledField label="Carrier name" error={error}>
          {(control) => (
            <input
              {...control}
              value={value}
              maxLength={80}
              onChange={(event) => onChange(event.target.value)}
              className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink"
            />
          )}
        </LabelledField>
      )}
    </div>
  );
}
