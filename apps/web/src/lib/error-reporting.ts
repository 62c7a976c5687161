/**
 * Error reporting (Sentry) only when VITE_SENTRY_DSN is configured. The SDK is imported on demand,
 * so without a DSN it is never downloaded and with one it arrives after the first screen.
 */
export async function startErrorReporting(dsn: string | undefined, release?: string): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/browser');
  Sentry.init({
    dsn,
    ...(release ? { release } : {}),
    // Phones on metered data: errors only, no performance tracing or session replay.
    tracesSampleRate: 0,
  });
  return true;
}
