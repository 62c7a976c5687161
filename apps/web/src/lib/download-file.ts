import { ApiError, fallbackMessages } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';

/*
 * Files the API makes for the seller (CSV exports, packing slips) need the bearer token, so a plain
 * link cannot fetch them: they are fetched, held as a Blob and handed to the browser as a download.
 * The JSON client (lib/api-client.ts) reads every answer as text, which would break a PDF.
 */

/** Fetches `path` (after /api) and saves it as `fileName`; rejects with an ApiError the screens can show. */
export type FileDownloader = (
  path: string,
  fileName: string,
  options?: { signal?: AbortSignal },
) => Promise<void>;

/** Exports take a while on a slow phone connection: longer than a JSON call, never for ever. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface FileDownloaderOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  /** Hands the file to the browser; tests record it instead. */
  save?: (blob: Blob, fileName: string) => void;
  timeoutMs?: number;
}

/** The browser's download: a temporary object URL clicked through an anchor with `download`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers start reading the URL after click() returns; give them a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function failureMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON (a proxy's error page): the fallback words below.
  }
  return fallbackMessages.http(response.status);
}

export function createFileDownloader(options: FileDownloaderOptions = {}): FileDownloader {
  const baseUrl = options.baseUrl ?? '/api';
  const getToken = options.getToken ?? readBearerToken;
  const save = options.save ?? saveBlob;
  const timeoutMs = options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS;
  return async (path, fileName, { signal } = {}) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const headers: Record<string, string> = {};
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      let response: Response;
      let blob: Blob;
      try {
        response = await (options.fetch ?? globalThis.fetch)(`${baseUrl}${path}`, {
          headers,
          signal: controller.signal,
        });
        if (!response.ok) {
          throw new ApiError({
            status: response.status,
            kind: 'http',
            message: await failureMessage(response),
          });
        }
        blob = await response.blob();
      } catch (cause) {
        if (cause instanceof ApiError) throw cause;
        const kind = timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network';
        throw Object.assign(new ApiError({ status: 0, kind, message: fallbackMessages[kind] }), { cause });
      }
      save(blob, fileName);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  };
}

/** The app's downloader; screens take it as a prop defaulting to this, so tests pass their own. */
export const downloadFile: FileDownloader = createFileDownloader();

/** Today's date in Lagos as YYYY-MM-DD, for file names such as orders-2026-03-14.csv. */
export function lagosDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(now);
}
