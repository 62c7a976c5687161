import type { LazyRouteFunction, RouteObject } from 'react-router';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

/**
 * Wraps a route module import so that a chunk that fails to download reaches the route's
 * errorElement (which offers 'Update Available').
 *
 * Why: when `lazy()` rejects, React Router 7.18 leaves `route.lazy` set and, for a route nested
 * under another one, renders only the parent (a blank page) instead of the error element. Resolving
 * with a loader that throws the original error turns the failure into an ordinary route error.
 * A route whose loader is defined statically (one that starts the screen's data while its code
 * downloads) keeps that loader, so for it the failure is thrown by the component instead.
 */
export function lazyRoute(
  load: () => Promise<RouteModule>,
  options: { staticLoader?: boolean } = {},
): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const fail = () => {
        throw error;
      };
      return options.staticLoader ? { Component: fail } : { loader: fail };
    }
  };
}
