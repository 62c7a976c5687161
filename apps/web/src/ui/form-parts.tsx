import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { FieldMessages } from '@/ui/field-messages';

/* Form fields of the longer forms (product form, live-show wizard), each with a visible label, a hint
   and its error below. */

/** One titled card of a form, named by its heading for screen-reader navigation. */
export function FormSection({
  title,
  description,
  children,
  aside,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={id} className="font-semibold text-ink text-lg">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-ink-muted text-sm">{description}</p>}
        </div>
        {aside}
      </div>
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

const controlClasses = (error: string | undefined) =>
  clsx(
    'min-h-11 w-full rounded-control border bg-surface px-3 text-base text-ink placeholder:text-ink-subtle',
    'disabled:cursor-not-allowed disabled:bg-canvas',
    error ? 'border-danger-600' : 'border-line-strong',
  );

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/** What a field's control needs to be named by its label and described by its hint and error. */
export interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame every field here shares: the visible label, the control (`children` gets the attributes
 * tying it to the label, the hint and the error) and the hint and error under it.
 */
export function LabelledField({
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: (control: ControlAttributes) => ReactNode }) {
  const id = useId();
  const control: ControlAttributes = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      {children(control)}
      <FieldMessages hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`} />
    </div>
  );
}

/** An amount or a count with a visible prefix (₦) or suffix (kg, seconds) and a numeric keypad on phones. */
export function AmountField({
  label,
  hint,
  error,
  className,
  prefix,
  suffix,
  ...props
}: FieldProps & { prefix?: string; suffix?: string } & Omit<ComponentProps<'input'>, 'id' | 'prefix'>) {
  return (
    <LabelledField label={label} hint={hint} error={error} className={className}>
      {(control) => (
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
            {...control}
            inputMode="decimal"
            autoComplete="off"
            // A word such as 'seconds' needs more room than a unit such as 'kg'.
            className={clsx(
              controlClasses(error),
              prefix && 'pl-8',
              suffix && (suffix.length > 3 ? 'pr-20' : 'pr-12'),
            )}
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
      )}
    </LabelledField>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...props
}: FieldProps & Omit<ComponentProps<'textarea'>, 'id'>) {
  return (
    <LabelledField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea {...control} rows={4} className={clsx(controlClasses(error), 'py-2')} {...props} />
      )}
    </LabelledField>
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
  return (
    <LabelledField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} className={controlClasses(error)} {...props}>
          {children}
        </select>
      )}
    </LabelledField>
  );
}

export function CheckboxField({
  label,
  hint,
  ...props
}: { label: string; hint?: string } & Omit<ComponentProps<'input'>, 'id' | 'type'>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
        {...props}
      />
      <div>
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-ink-muted text-sm">
            {hint}
          </p>
        )}
      </div>
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
