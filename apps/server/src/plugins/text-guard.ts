import { textProblem } from '@kasuwa/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '@/lib/errors.ts';

const PARTS = [
  ['params', 'path'],
  ['query', 'query string'],
  ['body', 'request body'],
] as const;

/** Deeper than any contract goes; a deeper body is refused rather than walked (JSON can nest 500k deep in 1 MB). */
const MAX_DEPTH = 64;

type Found = { path: string; message: string };

/**
 * The first string (value or key) in `value` that is not accepted text, walked without recursion
 * so a hostile nesting depth cannot overflow the stack.
 */
function firstProblem(value: unknown): Found | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    if (typeof item.value === 'string') {
      const message = textProblem(item.value);
      if (message) return { path: item.path, message };
      continue;
    }
    // Raw bodies (a webhook's bytes) are checked by their own route, not as text.
    if (item.value === null || typeof item.value !== 'object' || ArrayBuffer.isView(item.value)) continue;
    if (item.depth >= MAX_DEPTH)
      return { path: item.path, message: `is nested more than ${MAX_DEPTH} levels deep` };
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: item.path, message: `has a field name that ${keyProblem}` };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * The server's backstop for the accepted-text rule of the contracts (packages/contracts/src/text.ts):
 * before any schema runs, every string of the path, query string and JSON body (keys included) is
 * checked, so a NUL or an unpaired surrogate is a 400 naming the field on every route — also on a
 * route added tomorrow whose schema uses a bare z.string() — and never reaches PostgreSQL as a 500.
 * Multipart text fields and file names are checked where they are read (uploads/multipart-files.ts).
 */
export function registerTextGuard(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, and most (a GET without a query
  // string) have nothing to check; a promise per request cost more than the check (issue 19).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, label] of PARTS) {
      const found = firstProblem(request[part]);
      if (!found) continue;
      const summary = found.path ? `${found.path}: ${found.message}` : found.message;
      done(
        new HttpError(400, `Invalid ${label}: ${summary}`, {
          issues: [{ path: found.path, message: found.message }],
        }),
      );
      return;
    }
    done();
  });
}
