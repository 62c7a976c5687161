import {
  type ApiClient,
  ApiError,
  api as appApi,
  fallbackMessages,
  INVALID_TOKEN_MESSAGE,
} from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';

/**
 * Multipart uploads with progress. fetch reports no upload progress, so this uses XMLHttpRequest;
 * failures become the same ApiError the JSON client throws, with the server's message.
 */
export interface UploadOptions {
  /** Bytes sent so far and the total of the request body. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Defaults to the stored session's token. */
  token?: string | null;
  baseUrl?: string;
  /** Tests pass their own. */
  createRequest?: () => XMLHttpRequest;
  /**
   * The client whose session-expired handler a 401 goes to, and whose SPEC section 5 handler a
   * gate 403 goes to, as any other call's would; defaults to the app's client.
   */
  api?: Pick<ApiClient, 'reportUnauthorized' | 'reportFeatureGate'>;
  timeoutMs?: number;
}

export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return send<T>('POST', path, form, options);
}

/** Raw bytes (a chunk of a recording) as application/octet-stream, with the same progress and errors. */
export function uploadBytes<T>(
  method: 'PUT' | 'POST',
  path: string,
  data: Blob,
  options: UploadOptions = {},
): Promise<T> {
  return send<T>(method, path, data, options, 'application/octet-stream');
}

function send<T>(
  method: 'PUT' | 'POST',
  path: string,
  body: FormData | Blob,
  options: UploadOptions,
  contentType?: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = options.createRequest ? options.createRequest() : new XMLHttpRequest();
    xhr.open(method, `${options.baseUrl ?? '/api'}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    const token = options.token === undefined ? readBearerToken() : options.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Large files on slow 4G take a while: two minutes before giving up.
    xhr.timeout = options.timeoutMs ?? 120_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    const fail = (kind: 'timeout' | 'network' | 'aborted') =>
      reject(new ApiError({ status: 0, kind, message: fallbackMessages[kind] }));
    xhr.onerror = () => fail('network');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => fail('aborted');
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
          ? body.message
          : fallbackMessages.http(xhr.status);
      const error = new ApiError({ status: xhr.status, kind: 'http', body, message });
      if (xhr.status === 401 || message === INVALID_TOKEN_MESSAGE) {
        (options.api ?? appApi).reportUnauthorized(error);
      }
      (options.api ?? appApi).reportFeatureGate(error);
      reject(error);
    };
    xhr.send(body);
  });
}
