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
  // An updater (one error added or taken away, an upload's) sees only the errors still on show: the
  // new snapshot of the fields must not bring back one the seller has already corrected.
  const setErrors = useCallback(
    (next: Errors<K> | ((previous: Errors<K>) => Errors<K>)) =>
      setState((s) => ({
        errors: typeof next === 'function' ? next(stillShown(s.errors, s.sent, current.current)) : next,
        sent: current.current,
      })),
    [],
  );
  return [stillShown(state.errors, state.sent, values), setErrors];
}

/** The errors whose field is as it was when they were set (or that have no field among `values`). */
function stillShown<K extends string>(
  errors: Errors<K>,
  sent: Partial<Record<K, unknown>>,
  values: Partial<Record<K, unknown>>,
): Errors<K> {
  const shown: Errors<K> = {};
  for (const key of Object.keys(errors) as K[]) {
    const changed = key in values && !Object.is(values[key], sent[key]);
    if (!changed) shown[key] = errors[key];
  }
  return shown;
}
