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

/** Security headers and the request id on every answer, including errors and static files. */
export function registerSecurityHeaders(app: FastifyInstance, pathsWithOwnCsp: string[] = []) {
  const headers = helmetHeaders();
  const { 'content-security-policy': _csp, ...withoutCsp } = headers;
  app.addHook('onSend', (request, reply, payload, done) => {
    const ownCsp = pathsWithOwnCsp.some((p) => request.url.startsWith(p));
    reply.headers(ownCsp ? withoutCsp : headers);
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
