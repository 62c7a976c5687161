/**
 * Decides whether a route error means "this tab runs an old build whose files are gone or could not
 * be downloaded" (a deploy replaced the hashed chunks, or the network dropped mid-load). Those
 * errors are fixed by reloading, so the app offers 'Update Available' instead of a not-found page.
 */

// Messages browsers and bundlers use for a failed module, chunk, stylesheet or fetch.
const assetFailureMessages: readonly RegExp[] = [
  /failed to fetch dynamically imported module/i, // Chrome, Edge
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /failed to load module script/i, // Chrome, when a missing .js comes back as index.html
  /loading (css )?chunk [\w./-]+ failed/i, // webpack-style chunk loaders
  /loading css chunk/i,
  /unable to preload css/i, // Vite's preload helper
  /^failed to fetch$/i, // Chrome fetch() network failure
  /networkerror when attempting to fetch resource/i, // Firefox fetch() network failure
  /^load failed$/i, // Safari fetch() network failure
  /^network ?error$/i,
];

const assetNames = new Set(['ChunkLoadError', 'AbortError']);

// An asset URL: a script, module or stylesheet, with or without a query string.
const assetUrl = /\.(?:m?js|css)(?:[?#]|$)/i;

// Following `cause` lets wrapped errors (Error('...', { cause })) be recognised too; the cap stops cycles.
const maxCauseDepth = 5;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringField(value: Record<string, unknown>, key: string): string {
  const field = value[key];
  return typeof field === 'string' ? field : '';
}

function isFailedAssetResponse(value: Record<string, unknown>): boolean {
  if (typeof Response !== 'undefined' && value instanceof Response) {
    // Response.error(): the request never reached a server.
    if (value.type === 'error') return true;
    return value.status === 404 && assetUrl.test(value.url);
  }
  return false;
}

function isFailedAssetElementEvent(value: Record<string, unknown>): boolean {
  // A <script> or <link rel="stylesheet"> that fired 'error' and was passed on as the rejection.
  if (typeof Event === 'undefined' || !(value instanceof Event) || value.type !== 'error') return false;
  const target = value.target;
  return (
    (typeof HTMLScriptElement !== 'undefined' && target instanceof HTMLScriptElement) ||
    (typeof HTMLLinkElement !== 'undefined' && target instanceof HTMLLinkElement)
  );
}

export function isAssetLoadError(error: unknown, depth = 0): boolean {
  if (depth > maxCauseDepth) return false;
  if (typeof error === 'string') return assetFailureMessages.some((pattern) => pattern.test(error.trim()));
  if (!isRecord(error)) return false;

  if (isFailedAssetResponse(error) || isFailedAssetElementEvent(error)) return true;

  const name = stringField(error, 'name');
  if (assetNames.has(name)) return true;

  const message = stringField(error, 'message').trim();
  if (message && assetFailureMessages.some((pattern) => pattern.test(message))) return true;

  // A 404 for a script or stylesheet reported by message, e.g. "404 Not Found: /assets/x.js".
  if (/\b404\b|not found/i.test(message) && /\/[\w./-]+\.(?:m?js|css)\b/i.test(message)) return true;

  return 'cause' in error && isAssetLoadError(error.cause, depth + 1);
}
