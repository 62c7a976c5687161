import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { LabelledField } from '@/ui/form-parts';

export interface ChipsInputProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  values: string[];
  onChange: (values: string[]) => void;
  maxItems?: number;
  maxLength?: number;
  placeholder?: string;
  /** Names one chip for its remove button, e.g. 'tag' gives "Remove tag Ankara". */
  itemName: string;
}

/** Splits pasted or typed text on commas, trims, and drops empties and repeats (case-insensitive). */
export function addChips(
  current: readonly string[],
  text: string,
  maxItems: number,
  maxLength: number,
): string[] {
  const next = [...current];
  for (const part of text.split(',')) {
    const value = part.trim().slice(0, maxLength);
    if (!value || next.some((v) => v.toLowerCase() === value.toLowerCase())) continue;
    if (next.length >= maxItems) break;
    next.push(value);
  }
  return next;
}

/**
 * A list of short words typed one by one (tags, an option's values): Enter or a comma adds the
 * word as a chip, leaving the box adds what is typed, Backspace in an empty box removes the last.
 * Shared by the product form and the live-show wizard so both behave the same.
 */
export function ChipsInput({
  label,
  hint,
  error,
  values,
  onChange,
  maxItems = 50,
  maxLength = 100,
  placeholder,
  itemName,
}: ChipsInputProps) {
  const [text, setText] = useState('');
  const full = values.length >= maxItems;

  const commit = (raw: string) => {
    const next = addChips(values, raw, maxItems, maxLength);
    if (next.length !== values.length) onChange(next);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter would submit the whole form.
      event.preventDefault();
      if (text.trim()) commit(text);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => (
        <div
          className={clsx(
            'flex min-h-11 flex-wrap items-center gap-1.5 rounded-control border bg-surface px-2 py-1.5',
            error ? 'border-danger-600' : 'border-line-strong',
          )}
        >
          {values.length > 0 && (
            <ul className="contents" aria-label={label}>
              {values.map((value) => (
                <li
                  key={value}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-2.5 text-brand-800 text-sm"
                >
                  {value}
                  <button
                    type="button"
                    onClick={() => onChange(values.filter((v) => v !== value))}
                    aria-label={`Remove ${itemName} ${value}`}
                    className="flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            {...control}
            value={text}
            disabled={full}
            maxLength={maxLength * 4}
            onChange={(event) => {
              const typed = event.target.value;
              // A pasted "Red, Blue, Green" becomes three chips at once.
              if (typed.includes(',')) commit(typed);
              else setText(typed);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (text.trim()) commit(text);
            }}
            placeholder={full ? undefined : placeholder}
            className="min-h-8 min-w-32 flex-1 bg-transparent px-1 text-base text-ink placeholder:text-ink-subtle disabled:cursor-not-allowed"
          />
        </div>
      )}
    </LabelledField>
  );
}
