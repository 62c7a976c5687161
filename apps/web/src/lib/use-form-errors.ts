import { useCallback, useRef, useState } from 'react';

type Errors<K extends string> = Partial<Record<K, string | undefined>>;

/**
 * A hand-written form's errors, each hidden as soon as its field changes. An error says what was
 * wrong with what the seller sent; left on show after they corrected it ("Carrier is required" under
 * a chosen carrier), it reads as if the fix did not take. `values` are the fields as now, by the same
 * keys as the errors; an error whose key is not among them (an upload, a group) stays until the
 * next `setErrors`.
 */
export function useFormErrors<K extends string>(
  values: Partial<Record<K, unknown>>,
): [Errors<K>, (next: Errors<K> | ((previous: Errors<K>) => Errors<K>)) => void] {
  const [state, setState] = useState<{ errors: Errors<K>; sent: Partial<Record<K, unknown>> }>({
    errors: {},
    sent: {},
  });
  const current = useRef(values);
  current.current = values;
  const setErrors = useCallback(
    (next: Errors<K> | ((previous: Errors<K>) => Errors<K>)) =>
      setState((s) => ({
        errors: typeof next === 'function' ? next(s.errors) : next,
        sent: current.current,
      })),
    [],
  );
  const shown: Errors<K> = {};
  for (const key of Object.keys(state.errors) as K[]) {
    const changed = key in values && !Object.is(values[key], state.sent[key]);
    if (!changed) shown[key] = state.errors[key];
  }
  return [shown, setErrors];
}
