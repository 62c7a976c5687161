import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

const app = Fastify({ requestIdHeader: 'x-request-id' });
beforeAll(async () => {
  registerSecurityHeaders(app, ['/api/docs']);
  app.get('/page', (_request, reply) =>
    reply.type('text/html; charset=utf-8').send('<!doctype html><p>hi</p>'),
  );
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/docs/page', (_request, reply) => reply.type('text/html').send('<p>docs</p>'));
  await app.ready();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('a document gets the whole policy: scripts only from this site, never framed', async () => {
    const res = await app.inject({ url: '/page' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a JSON answer gets the short set: nothing loads or runs in it, far fewer bytes', async () => {
    const page = await app.inject({ url: '/page' });
    const res = await app.inject({ url: '/api/thing' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    const bytes = (h: Record<string, unknown>) => JSON.stringify(h).length;
    expect(bytes(res.headers)).toBeLessThan(bytes(page.headers) / 2);
  });

  it('the API docs bring their own policy', async () => {
    const res = await app.inject({ url: '/api/docs/page' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('every answer carries its request id', async () => {
    const res = await app.inject({ url: '/api/thing', headers: { 'x-request-id': 'r-1' } });
    expect(res.headers['x-request-id']).toBe('r-1');
  });
});
