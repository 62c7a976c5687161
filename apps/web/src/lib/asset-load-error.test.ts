import { describe, expect, it } from 'vitest';
import { isAssetLoadError } from '@/lib/asset-load-error';

function responseFrom(url: string, status: number): Response {
  const response = new Response(null, { status });
  // Responses built in tests have no URL; fetch() sets it in the browser.
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

function namedError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('isAssetLoadError', () => {
  it.each([
    [
      'Chrome dynamic import',
      new TypeError(
        'Failed to fetch dynamically imported module: http://localhost:4173/assets/orders.route-Bx1Y2.js',
      ),
    ],
    ['Firefox dynamic import', new TypeError('error loading dynamically imported module')],
    ['Safari dynamic import', new TypeError('Importing a module script failed.')],
    ['a ChunkLoadError by name', namedError('ChunkLoadError', 'Loading chunk 7 failed.')],
    ['a numbered chunk', new Error('Loading chunk 3 failed.\n(error: http://localhost/assets/3.js)')],
    ['a CSS chunk', new Error('Loading CSS chunk 12 failed. (/assets/12.css)')],
    ["Vite's CSS preload", new Error('Unable to preload CSS for /assets/x.css')],
    ['Chrome fetch failure', new TypeError('Failed to fetch')],
    ['Firefox fetch failure', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari fetch failure', new TypeError('Load failed')],
    ['an aborted request', new DOMException('The user aborted a request.', 'AbortError')],
    ['a 404 response for a script', responseFrom('http://localhost/assets/x-3f9a.js', 404)],
    ['a 404 response for a stylesheet', responseFrom('http://localhost/assets/app-1c2d.css?v=2', 404)],
    ['a network-error response', Response.error()],
    ['a 404 message naming an asset', new Error('404 Not Found: /assets/home.route-a1b2.js')],
    [
      'a chunk error wrapped as the cause',
      new Error('Route failed', { cause: new TypeError('Importing a module script failed.') }),
    ],
  ])('recognises %s', (_label, error) => {
    expect(isAssetLoadError(error)).toBe(true);
  });

  it('recognises a failed <script> load event', () => {
    const script = document.createElement('script');
    let captured: Event | undefined;
    script.addEventListener('error', (event) => {
      captured = event;
    });
    script.dispatchEvent(new Event('error'));
    expect(captured).toBeDefined();
    expect(isAssetLoadError(captured)).toBe(true);
  });

  it.each([
    ['a plain error', new Error('boom')],
    ['a TypeError from our own code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a 500 route response', new Response('Internal error', { status: 500 })],
    ['a 404 response for an API record', responseFrom('http://localhost/api/orders/42', 404)],
    [
      "the router's own 404 (no route matched)",
      { status: 404, statusText: 'Not Found', internal: true, data: 'No route matches URL "/x"' },
    ],
    ['a 500 route error response', { status: 500, statusText: 'Internal Server Error', data: null }],
    ['nothing', undefined],
    ['null', null],
    ['a number', 42],
  ])('does not treat %s as an asset failure', (_label, error) => {
    expect(isAssetLoadError(error)).toBe(false);
  });

  it('stops following a cause cycle', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.assign(first, { cause: second });
    expect(isAssetLoadError(first)).toBe(false);
  });
});
