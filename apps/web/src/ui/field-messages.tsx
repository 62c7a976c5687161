import type { ReactNode } from 'react';

/**
 * The hint and the error under a form field. Their ids are what the field's aria-describedby names,
 * so every field kind (input, combobox, phone) shows and announces them the same way.
 */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: ReactNode;
  errorId: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="font-medium text-danger-600 text-sm">
          {error}
        </p>
      )}
    </>
  );
}
