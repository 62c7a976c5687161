import { useCallback, useMemo, useState } from 'react';
import { isApiError } from '@/lib/api-client';

/** Messages by request path, as the server names fields in a 400: 'businessAddress.zipCode'. */
export type FieldErrorMap = Readonly<Record<string, string>>;

/** The field problems of a failed call (the `issues` of a 400); the first message per path wins. */
export function serverFieldErrors(error: unknown): FieldErrorMap {
  const byPath: Record<string, string> = {};
  if (!isApiError(error)) return byPath;
  for (const issue of error.issues) {
    if (issue.path) byPath[issue.path] ??= issue.message;
  }
  return byPath;
}

const atOrUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);

export interface ServerFieldErrors {
  /** The message for exactly this request path. */
  errorFor(path: string): string | undefined;
  /** The first message at or under a path, for a group shown as one (a list, a set of cards). */
  errorUnder(prefix: string): string | undefined;
  /** After a failed call: marks its issues on the fields, replacing what was marked before. */
  show(error: unknown): void;
  /** Forgets the messages at or under these paths, e.g. once the seller edits the field. */
  clear(...paths: string[]): void;
}

/**
 * The server's 400 issues of one form, kept so each can be shown under its field (the toast still
 * says what went wrong as a whole). Forms name their fields by the request's paths, so a form whose
 * payload nests (an address) passes the nested path.
 */
export function useServerFieldErrors(): ServerFieldErrors {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const show = useCallback((error: unknown) => setErrors(serverFieldErrors(error)), []);
  const clear = useCallback((...paths: string[]) => {
    setErrors((current) => {
      const keys = Object.keys(current);
      const kept = keys.filter((key) => !paths.some((path) => atOrUnder(key, path)));
      // Unchanged state when nothing matched, so typing in a field without an error re-renders nothing.
      if (kept.length === keys.length) return current;
      return Object.fromEntries(kept.map((key) => [key, current[key] as string]));
    });
  }, []);
  return useMemo(
    () => ({
      errorFor: (path) => errors[path],
      errorUnder: (prefix) => Object.entries(errors).find(([key]) => atOrUnder(key, prefix))?.[1],
      show,
      clear,
    }),
    [errors, show, clear],
  );
}
