import { errorResponse } from '@kasuwa/contracts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502;

/**
 * A route schema's error answers for OpenAPI and the serializer: every one is the `{ message }` of
 * plugins/error-handler.ts. `errorResponses(401, 404)` → `{ 401: errorResponse, 404: errorResponse }`.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorResponse } {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse])) as {
    [K in S[number]]: typeof errorResponse;
  };
}
