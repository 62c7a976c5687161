import { type ApiClient, createApiClient } from '@/lib/api-client';

/** One request a screen made to the fake API, as the answering function sees it. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = { status: number; body?: unknown } | 'network-error';
/** Answers a call before the fake server does (a failure, a 400 with issues), or undefined to pass. */
export type Override = (call: Call) => Answer | undefined;

/**
 * An API client whose fetch hands each call (path without /api, parsed JSON body) to `answer` and
 * records it in `calls`; 'network-error' rejects the way a dropped connection does.
 */
export function fakeApiClient(answer: (call: Call) => Answer): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://test');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const result = answer(call);
    if (result === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(result.body === undefined ? '' : JSON.stringify(result.body), {
      status: result.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return {
    api: createApiClient({ fetch: fetch as typeof globalThis.fetch, getToken: () => 'token-1' }),
    calls,
  };
}
