import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Toasts and dialogs set inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * Helmet decides the security headers; we ask it once at start-up and stamp the result on every
 * answer. Running helmet's middleware per request (as @fastify/helmet does) halved the throughput
 * of the health route in bench/health.bench.ts, and our headers never vary per request.
 */
export function helmetHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * What a JSON answer needs of those headers (OWASP's REST Security Cheat Sheet): it is never a page,
 * so its policy lets nothing load or run in it and nothing frame it, and the browser must not guess
 * its type; HTTPS is remembered, and no referrer leaves. Helmet's other headers (cross-origin opener,
 * agent cluster, DNS prefetch, download options, Flash policies, the old XSS filter) only mean
 * something for a document. Sending the full set on every API call was ~800 bytes of headers a
 * request, a cost the phone pays on every answer and the server in every write (issue 19).
 */
export function jsonAnswerHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security':
      documentHeaders['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * Security headers and the request id on every answer, including errors and static files: a
 * document (the app's page, the local checkout page, a file) gets helmet's whole set, a JSON answer
 * the short set above.
 */
export function registerSecurityHeaders(app: FastifyInstance, pathsWithOwnCsp: string[] = []) {
  const headers = helmetHeaders();
  const { 'content-security-policy': _csp, ...withoutCsp } = headers;
  const json = jsonAnswerHeaders(headers);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isJson(reply.getHeader('content-type'))) reply.headers(json);
    else reply.headers(pathsWithOwnCsp.some((p) => request.url.startsWith(p)) ? withoutCsp : headers);
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
