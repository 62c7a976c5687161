import {
  type ApiClient,
  ApiError,
  api as appApi,
  fallbackMessages,
  INVALID_TOKEN_MESSAGE,
} from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';

/** The server's kinds of resumable upload (modules/uploads/resumable-uploads.ts). */
export type ResumableKind = 'product-photo' | 'stream-cover';

export interface ResumableOptions {
  /** Names the upload across reloads: the same key resumes the same upload (a local-photo: URL). */
  key: string;
  onProgress?: (fraction: number) => void;
  /** Defaults to the stored session's token. */
  token?: string | null;
  api?: Pick<ApiClient, 'reportUnauthorized' | 'reportFeatureGate'>;
}

export const RESUMABLE_ENDPOINT = '/api/uploads/tus';

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return fallbackMessages.http(status);
}

function parse(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a photo with the tus protocol (tus-js-client, loaded on first use only): the upload's
 * address is kept in the browser's storage under `key`, so after a dropped connection or a reload
 * the next call asks the server how many bytes it has and sends only the rest. Answers what the
 * multipart route of the same kind answers; failures are the ApiError the JSON client throws
 * (status 0 when no answer came, which the outbox keeps for the next try).
 */
export async function uploadResumable<T>(
  file: File,
  kind: ResumableKind,
  options: ResumableOptions,
): Promise<T> {
  const { Upload } = await import('tus-js-client');
  const token = options.token === undefined ? readBearerToken() : options.token;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const api = options.api ?? appApi;

  const fail = (status: number, body: unknown) => {
    // 409 (the server's offset moved: a cut request's bytes still arriving) and 423 (the upload is
    // busy) are tus's "ask again": left for the outbox's next try, which asks where the server stands.
    if (status === 0 || status === 409 || status === 423) {
      return new ApiError({ status: 0, kind: 'network', message: fallbackMessages.network });
    }
    const message = messageOf(body, status);
    const error = new ApiError({ status, kind: 'http', body, message });
    if (status === 401 || message === INVALID_TOKEN_MESSAGE) api.reportUnauthorized(error);
    api.reportFeatureGate(error);
    return error;
  };

  return new Promise<T>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: RESUMABLE_ENDPOINT,
      metadata: { kind, filetype: file.type },
      headers,
      // One key per photo kept on the phone (and per seller: another's upload is a 404 and starts anew).
      fingerprint: async () => `kasuwa-${kind}-${options.key}`,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // A few quick tries for a blip; a longer outage ends this call, and the outbox tries again later.
      retryDelays: [0, 1000, 3000],
      onProgress: (sent, total) => options.onProgress?.(total ? sent / total : 0),
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        reject(fail(response?.getStatus() ?? 0, parse(response?.getBody())));
      },
      onSuccess: ({ lastResponse }) => {
        const body = parse(lastResponse.getBody());
        if (typeof body === 'object' && body !== null) {
          resolve(body as T);
          return;
        }
        // The server had every byte already (the last answer was lost): it tells the result again.
        fetch(upload.url ?? '', { headers: { ...headers, 'Tus-Resumable': '1.0.0' } })
          .then(async (res) => {
            const answer = parse(await res.text());
            if (res.ok) resolve(answer as T);
            else reject(fail(res.status, answer));
          })
          .catch(() => reject(fail(0, undefined)));
      },
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        const [last] = previous;
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
