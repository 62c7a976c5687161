import { isApiError } from '@/lib/api-client';

/** A form's errors by field: 'amount', 'stepUp', 'bankCode', 'accountNumber'… */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message per field from zod issues (path arrays) or a 400's issues ('stepUp.password'),
 * a step-up's own fields counted as 'stepUp' since the form shows one of them.
 */
export function fieldErrorsOf(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const field = path[0] ?? '';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The server's words for a failed write, and its field errors when it named any. */
export function serverErrorOf(error: unknown): { message: string; fields: FieldErrors } {
  if (isApiError(error)) return { message: error.message, fields: fieldErrorsOf(error.issues) };
  return { message: 'Something went wrong. Please try again.', fields: {} };
}
