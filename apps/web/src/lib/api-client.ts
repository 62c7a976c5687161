import { type FeatureGateCode, isFeatureGateCode } from '@kasuwa/contracts';
import { deviceId } from '@/lib/device-id';
import { noteAnswer, noteNoAnswer } from '@/lib/online-status';
import { readBearerToken } from '@/lib/session-token';

/**
 * The one way the web talks to the API: JSON in and out, the seller's bearer token, a time-out per
 * call, and every failure turned into an ApiError with a message fit to show the seller. It stays
 * free of zod because it is part of the entry chunk every screen downloads.
 */

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when no answer arrived (time-out, network, aborted). */
  readonly status: number;
  /** The parsed answer, e.g. { message, issues } or the disabled seller's { isDisabled, user }. */
  readonly body: unknown;
  readonly kind: ApiErrorKind;

  constructor(init: { status: number; message: string; body?: unknown; kind: ApiErrorKind }) {
    super(init.message);
    this.status = init.status;
    this.body = init.body;
    this.kind = init.kind;
  }

  /** A field-by-field problem list from a 400, keyed by the request field (e.g. 'phoneNumber'). */
  get issues(): { path: string; message: string }[] {
    const issues = isRecord(this.body) ? this.body.issues : undefined;
    if (!Array.isArray(issues)) return [];
    return issues.filter(
      (issue): issue is { path: string; message: string } =>
        isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string',
    );
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The SPEC section 5 condition a 403 says is missing (`{ message, code }` from a gated product or
 * live-stream call), or null for any other failure.
 */
export function featureGateCodeOf(error: unknown): FeatureGateCode | null {
  if (!isApiError(error) || error.status !== 403 || !isRecord(error.body)) return null;
  return isFeatureGateCode(error.body.code) ? error.body.code : null;
}

/** The message the server sends with an expired, forged or revoked token (SPEC §8). */
export const INVALID_TOKEN_MESSAGE = 'Invalid token';

/** Phones on patchy 4G: long enough for a slow answer, short enough that a dead request gives up. */
export const DEFAULT_TIMEOUT_MS = 20_000;

export const fallbackMessages = {
  timeout: 'The server took too long to answer. Check your connection and try again.',
  network: 'We could not reach the server. Check your internet connection and try again.',
  aborted: 'The request was cancelled.',
  http: (status: number) =>
    status >= 500
      ? 'Something went wrong on our side. Please try again in a moment.'
      : `The request failed (error ${status}). Please try again.`,
} as const;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Milliseconds before the call gives up with kind 'timeout'. */
  timeoutMs?: number;
  /** Cancels the call (kind 'aborted'), e.g. TanStack Query's signal when a screen unmounts. */
  signal?: AbortSignal;
  /**
   * Whether to send the bearer token. By default it is sent except to the log-in, sign-up and
   * forgot-password calls (SPEC §6); public reads such as stream details pass false.
   */
  auth?: boolean;
  /** True for calls that judge a 401 themselves, like the token check, instead of expiring the session. */
  skipUnauthorizedHandler?: boolean;
  /** Extra request headers, e.g. the `Idempotency-Key` that makes a retried payout request one payout. */
  headers?: Record<string, string>;
}

export type UnauthorizedHandler = (error: ApiError) => void;
/** Told of every 403 that names a missing SPEC section 5 condition; the error is still thrown. */
export type FeatureGateHandler = (code: FeatureGateCode, error: ApiError) => void;

export interface ApiClientOptions {
  /** Prefix of every path; '/api' in the app. */
  baseUrl?: string;
  /** Defaults to the global fetch, looked up per call. */
  fetch?: typeof fetch;
  /** Defaults to the stored sellerToken's token. */
  getToken?: () => string | null;
  onUnauthorized?: UnauthorizedHandler;
  onFeatureGate?: FeatureGateHandler;
  defaultTimeoutMs?: number;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Installs the handler for 401s and 'Invalid token' answers; returns a function that removes it. */
  setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void;
  /**
   * Hands a 401 that came from outside this client (an upload over XMLHttpRequest) to the same
   * handler, so it starts the same session-expired flow.
   */
  reportUnauthorized(error: ApiError): void;
  /**
   * Installs the handler for 403s of the SPEC section 5 gate (a verified e-mail and a pickup
   * address); returns a function that removes it.
   */
  setFeatureGateHandler(handler: FeatureGateHandler | null): () => void;
  /** Hands a gate 403 that came from outside this client (an upload) to the same handler. */
  reportFeatureGate(error: ApiError): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const PUBLIC_CALLS = ['/login', '/register', '/forgot-password'];

/** SPEC §6: every call carries the token except those whose URL contains one of these. */
export function sendsBearerToken(url: string): boolean {
  return !PUBLIC_CALLS.some((segment) => url.includes(segment));
}

function serverMessage(body: unknown): string | null {
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, for instance: keep it for debugging, show a fallback message.
    return text;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const getToken = options.getToken ?? readBearerToken;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  let onUnauthorized: UnauthorizedHandler | null = options.onUnauthorized ?? null;
  let onFeatureGate: FeatureGateHandler | null = options.onFeatureGate ?? null;
  const reportFeatureGate = (error: ApiError) => {
    const code = featureGateCodeOf(error);
    if (code) onFeatureGate?.(code, error);
  };

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const url = `${baseUrl}${path}`;
    const headers: Record<string, string> = { ...init.headers, Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.auth ?? sendsBearerToken(url)) {
      const token = getToken();
      if (token) {
        headers.Authorization = `Bearer ${token}`;
        const device = deviceId();
        if (device) headers['X-Device-Id'] = device;
      }
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, init.timeoutMs ?? defaultTimeoutMs);
    const cancel = () => controller.abort();
    if (init.signal?.aborted) controller.abort();
    init.signal?.addEventListener('abort', cancel, { once: true });

    let response: Response;
    let body: unknown;
    try {
      const doFetch = options.fetch ?? globalThis.fetch;
      response = await doFetch(url, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
      });
      body = await readBody(response);
      // An answer the service worker kept says when it was received (the offline banner shows it).
      noteAnswer(response.headers);
    } catch (cause) {
      const kind: ApiErrorKind = timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network';
      if (kind === 'network') noteNoAnswer();
      throw Object.assign(new ApiError({ status: 0, kind, message: fallbackMessages[kind] }), { cause });
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', cancel);
    }

    if (response.ok) return body as T;

    const error = new ApiError({
      status: response.status,
      kind: 'http',
      body,
      message: serverMessage(body) ?? fallbackMessages.http(response.status),
    });
    if (
      (response.status === 401 || serverMessage(body) === INVALID_TOKEN_MESSAGE) &&
      !init.skipUnauthorizedHandler
    ) {
      onUnauthorized?.(error);
    }
    reportFeatureGate(error);
    throw error;
  }

  return {
    request,
    get: (path, init) => request(path, { ...init, method: 'GET' }),
    post: (path, body, init) => request(path, { ...init, method: 'POST', body }),
    put: (path, body, init) => request(path, { ...init, method: 'PUT', body }),
    setUnauthorizedHandler(handler) {
      onUnauthorized = handler;
      return () => {
        if (onUnauthorized === handler) onUnauthorized = null;
      };
    },
    reportUnauthorized(error) {
      onUnauthorized?.(error);
    },
    setFeatureGateHandler(handler) {
      onFeatureGate = handler;
      return () => {
        if (onFeatureGate === handler) onFeatureGate = null;
      };
    },
    reportFeatureGate,
  };
}

/** The app's client. Screens reach it through the auth context or as a default, so tests can pass their own. */
export const api = createApiClient();
