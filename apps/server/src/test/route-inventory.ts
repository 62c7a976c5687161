import type { RouteOptions } from 'fastify';
import { type HookAccess, hookAccessOf } from '@/plugins/auth.ts';

/** One route of the app as the isolation matrix and the schema rules see it. */
export type InventoryRoute = {
  /** `METHOD /url`, the key of its entry in src/test/route-table.ts; HEAD goes with its GET. */
  key: string;
  method: string;
  url: string;
  /** Which inputs the route's schema describes. */
  schema: { params: boolean; querystring: boolean; body: boolean; multipart: boolean };
  /** The schemas themselves (zod, from the contracts), for the fuzzer. */
  schemas: { params: unknown; querystring: unknown; body: unknown };
  /** Who its tagged auth hooks let in (plugins/auth.ts), in hook order; empty for none. */
  hookAccess: HookAccess[];
};

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Collects every route as it is added (`buildTestApp({ onRoute: inventory.onRoute })`), so the
 * inventory is the app's real routing table rather than a list someone keeps.
 */
export function routeInventory() {
  const routes = new Map<string, InventoryRoute>();
  return {
    routes,
    onRoute(route: RouteOptions) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const hookAccess = [...asList(route.onRequest), ...asList(route.preHandler)]
        .map(hookAccessOf)
        .filter((a): a is HookAccess => a !== undefined);
      for (const method of asList(route.method).map(String)) {
        // Fastify adds a HEAD twin to each GET; it shares the GET's handler, hooks and schema.
        if (method === 'HEAD') continue;
        const key = `${method} ${route.url}`;
        routes.set(key, {
          key,
          method,
          url: route.url,
          schema: {
            params: schema.params !== undefined,
            querystring: schema.querystring !== undefined,
            body: schema.body !== undefined,
            multipart: asList(schema.consumes as string | string[] | undefined).includes(
              'multipart/form-data',
            ),
          },
          schemas: { params: schema.params, querystring: schema.querystring, body: schema.body },
          hookAccess,
        });
      }
    },
  };
}
export type RouteInventory = ReturnType<typeof routeInventory>;

/**
 * What a route must describe, from its URL and method: its path parameters, and the body of a
 * write (POST, PUT, PATCH) unless it is a multipart upload or its table entry says it takes none.
 */
export function missingSchemas(route: InventoryRoute, takesNoBody: boolean): string[] {
  const missing: string[] = [];
  if (/[:*]/.test(route.url) && !route.schema.params) missing.push('params');
  if (
    ['POST', 'PUT', 'PATCH'].includes(route.method) &&
    !route.schema.body &&
    !route.schema.multipart &&
    !takesNoBody
  )
    missing.push('body');
  return missing;
}
