import type { Seller } from '@kasuwa/contracts';
import { writeSession } from '@/lib/session-token';
import { bodyCheck } from '@/test/contract-fake';

/** A seller record as the API answers it; tests override what they are about. */
export function testSeller(overrides: Partial<Seller> = {}): Seller {
  return {
    _id: 'seller-1',
    firstName: 'Ngozi',
    lastName: 'Adeyemi',
    email: 'ngozi@example.ng',
    phoneNumber: '+2348031234567',
    storeName: 'Ngozi Wears',
    businessName: null,
    storeAvatar: { url: null },
    storeBanner: { url: null },
    createdAt: '2026-01-05T09:00:00.000Z',
    accountType: 'individual',
    emailVerified: true,
    isVerified: true,
    isDisabled: false,
    hasFilledAddress: true,
    hasFilledBusinessAddress: false,
    onboardingProcess: 'account-approval',
    walletBalance: 0,
    bankDetails: null,
    sellerAddress: null,
    businessAddress: null,
    referralCode: 'NGOZI26',
    vacationMode: false,
    ...overrides,
  };
}

/** Stores a logged-in session, as a log-in would. */
export function storeTestSession(seller: Seller = testSeller(), token = 'token-1') {
  writeSession({ data: seller, token, isVerified: seller.emailVerified });
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error' | 'never';
type Handler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A fetch for tests: answers by "METHOD /path" (the path after /api), records every call, and can
 * fail like a dropped connection ('network-error') or never answer ('never', until aborted).
 * Unlisted calls answer 404. A body the server's contract schema refuses (test/contract-fake.ts)
 * gets the server's 400 before any handler, and fails the test when it ends. Call it inside a test;
 * `contractBodies: false` only for the API client's own tests, which send any body on purpose.
 */
export function fakeFetch(
  handlers: Record<string, Handler | FakeAnswer>,
  options: { contractBodies?: boolean } = {},
) {
  const calls: RecordedCall[] = [];
  const { refusal } = options.contractBodies === false ? { refusal: () => undefined } : bodyCheck();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api(?=\/)/, '');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${path}`];
    const answer: FakeAnswer =
      refusal(call) ??
      (handler === undefined
        ? { status: 404, body: { message: 'Not found' } }
        : typeof handler === 'function'
          ? await handler(call)
          : handler);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'never') {
      return new Promise<Response>((_resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (init.signal?.aborted) abort();
        init.signal?.addEventListener('abort', abort);
      });
    }
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
