import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { FieldMessages } from '@/ui/field-messages';

/* Form fields of the live-show wizards, each with a visible label, a hint and its error below. */

const controlClasses = (error: string | undefined) =>
  clsx(
    'min-h-11 w-full rounded-control border bg-surface px-3 text-base text-ink placeholder:text-ink-subtle',
    'disabled:cursor-not-allowed disabled:bg-canvas',
    error ? 'border-danger-600' : 'border-line-strong',
  );

function describedBy(id: string, hint: unknown, error: unknown) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/** One titled card of a wizard step, named by its heading for screen-reader navigation. */
export function StepSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id={id} className="font-semibold text-ink text-lg">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-ink-muted text-sm">{description}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...props
}: FieldProps & Omit<ComponentProps<'textarea'>, 'id'>) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={clsx(controlClasses(error), 'py-2')}
        {...props}
      />
      <FieldMessages hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`} />
    </div>
  );
}

export function SelectBox({
  label,
  hint,
  error,
  className,
  children,
  ...props
}: FieldProps & Omit<ComponentProps<'select'>, 'id'>) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClasses(error)}
        {...props}
      >
        {children}
      </select>
      <FieldMessages hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`} />
    </div>
  );
}

/** An amount or a count with a visible prefix (₦) or suffix (seconds) and a numeric keypad on phones. */
export function AmountField({
  label,
  hint,
  error,
  className,
  prefix,
  suffix,
  inputMode = 'decimal',
  ...props
}: FieldProps & { prefix?: string; suffix?: string } & Omit<ComponentProps<'input'>, 'id' | 'prefix'>) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <div className="relative">
        {prefix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-medium text-ink-muted"
          >
            {prefix}
          </span>
        )}
        <input
          id={id}
          inputMode={inputMode}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={clsx(controlClasses(error), prefix && 'pl-8', suffix && 'pr-20')}
          {...props}
        />
        {suffix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-ink-muted text-sm"
          >
            {suffix}
          </span>
        )}
      </div>
      <FieldMessages hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`} />
    </div>
  );
}

/** An on/off setting as a switch, with the words for what it does underneath. */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3">
      <div>
        <label htmlFor={id} className="font-medium text-ink text-sm">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-ink-muted text-sm">
            {hint}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={() => onChange(!checked)}
        className={clsx(
          'relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-brand-600' : 'bg-line-strong',
        )}
      >
        <span
          aria-hidden
          className={clsx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}

/** Splits typed or pasted text on commas, trims, and drops empties and repeats (case-insensitive). */
export function addChips(current: readonly string[], text: string, maxItems: number, maxLength: number) {
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
 * Short words typed one by one (tags): Enter or a comma adds the word as a chip, leaving the box
 * adds what is typed, Backspace in an empty box removes the last chip.
 */
export function ChipsField({
  label,
  hint,
  error,
  values,
  onChange,
  maxItems,
  maxLength,
  placeholder,
  itemName,
}: FieldProps & {
  values: string[];
  onChange: (values: string[]) => void;
  maxItems: number;
  maxLength: number;
  placeholder?: string;
  /** Names a chip for its remove button: 'tag' gives "Remove tag Ankara". */
  itemName: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const full = values.length >= maxItems;

  const commit = (raw: string) => {
    const next = addChips(values, raw, maxItems, maxLength);
    if (next.length !== values.length) onChange(next);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (text.trim()) commit(text);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
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
          id={id}
          value={text}
          disabled={full}
          onChange={(event) => {
            const typed = event.target.value;
            // A pasted "Ankara, Aso-oke, Lace" becomes three chips at once.
            if (typed.includes(',')) commit(typed);
            else setText(typed);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim()) commit(text);
          }}
          placeholder={full ? undefined : placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className="min-h-8 min-w-32 flex-1 bg-transparent px-1 text-base text-ink placeholder:text-ink-subtle disabled:cursor-not-allowed"
        />
      </div>
      <FieldMessages hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`} />
    </div>
  );
}

/** A determinate progress bar with its percentage, for uploads on slow connections. */
export function ProgressBar({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-10 text-right text-ink-muted text-xs tabular-nums">{percent}%</span>
    </div>
  );
}
