import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app.ts';
import { fakeClock } from '@/lib/clock.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';
import {
  buildTestApp,
  capturingMailer,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// The admin route is the sample: it has a JSON body, a path parameter and a strict contract.
const sample = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/sellers/approve',
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json', ...headers },
    payload,
  });

describe('bad input gets a 4xx JSON answer with a message, never a 5xx', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await sample('{"email": "a@b.ng"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('answers a wrong type with 400 naming the field', async () => {
    const res = await sample(JSON.stringify({ email: 42 }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^Invalid request body: email: /);
    expect(body.issues[0].path).toBe('email');
  });

  it('answers an unknown field with 400 naming it', async () => {
    const res = await sample(JSON.stringify({ email: 'a@b.ng', isAdmin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid request body: Unknown field: isAdmin');
  });

  it('answers a bad path parameter with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sellers/delete-everything',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { email: 'a@b.ng' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid path: command: /);
  });

  it('answers an oversize body with 413', async () => {
    const res = await sample(JSON.stringify({ email: `${'a'.repeat(2 * 1024 * 1024)}@b.ng` }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await sample('');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/empty/);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await sample('email=a@b.ng', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Route GET /api/x not found' });
  });
});

describe('every answer', () => {
  it('carries security headers and a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  /** The policy's directives by name: `{ 'script-src': ["'self'"], … }`. */
  const directives = (csp: string | undefined) =>
    Object.fromEntries(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name, values]),
    );

  const httpsAndNoSniff = (res: { headers: Record<string, unknown> }) => {
    // HSTS: browsers honour it only over TLS (behind the proxy that ends TLS); half a year at least.
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(hsts).toContain('includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  };

  it.each([
    ['a JSON answer', 'GET', '/api/health'],
    ['a 404', 'GET', '/api/nothing-here'],
    ['a validation error', 'POST', '/api/seller/login'],
    ['an authentication error', 'GET', '/api/orders'],
  ])(
    '%s: opened as a page, nothing in it loads or runs, never framed, HTTPS remembered',
    async (_what, method, url) => {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const csp = directives(res.headers['content-security-policy'] as string | undefined);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      httpsAndNoSniff(res);
      // Headers only a document needs stay off the API's answers (they cost bytes on every call).
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
    },
  );

  it('the web page has no inline script the policy would block (its only script is a file)', async () => {
    const html = await fs.readFile(path.join(import.meta.dirname, '../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('unexpected failures', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const build = async () =>
    buildApp({
      db: db.db,
      mailer: capturingMailer(),
      // These tests upload nothing; the OS temp folder is a valid place for the storage to exist.
      storage: await localDiskStorage(path.join(os.tmpdir(), 'kasuwa-unused-uploads')),
      clock: fakeClock(),
      logger: false,
      adminToken: 'x'.repeat(32),
      jwtSecret: 'j'.repeat(32),
      webDist: null,
    });

  it('hide their details behind a 500 message', async () => {
    const app = await build();
    app.get('/api/explode', async () => {
      throw new Error('password=hunter2 leaked from a driver');
    });
    const res = await app.inject({ method: 'GET', url: '/api/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });

  it('rate-limits a route that opts in, with a 429 message', async () => {
    const app = await build();
    app.get('/api/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await app.inject({ method: 'GET', url: '/api/limited' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const res = await app.inject({ method: 'GET', url: '/api/limited' });
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/);
    await app.close();
  });

  it('let a request in flight finish when the server closes', async () => {
    const app = await build();
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((r) => {
      arrived = r;
    });
    app.get('/api/slow', async () => {
      await new Promise<void>((r) => {
        release = r;
        arrived();
      });
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/api/slow`);
    await inFlight;
    const closing = app.close();
    release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
  });
});

describe('the web app', () => {
  let dist: string;
  let app: TestApp;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Kasuwa Seller</title><div id="root"></div>',
    );
    await fs.writeFile(
      path.join(dist, 'login.html'),
      '<!doctype html><title>Kasuwa Seller</title><div id="first-paint" inert><h1>Log in</h1></div><div id="root"></div>',
    );
    await fs.writeFile(
      path.join(dist, 'dashboard-products.html'),
      '<!doctype html><title>Kasuwa Seller</title><div id="first-paint" inert data-dashboard><h1>Products</h1></div><div id="root"></div>',
    );
    const js = `export const x = "${'kasuwa '.repeat(400)}";`;
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), js);
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
    app = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for a dashboard path (history fallback), never cached', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/dashboard/anything' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves /login from the log-in page drawn at build time, so it paints before any script', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/login?next=%2Fdashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Log in</h1>');
    expect(res.headers['cache-control']).toBe('no-cache');
    const other = await app.app.inject({ method: 'GET', url: '/login/forgot-password' });
    expect(other.body).not.toContain('first-paint');
  });

  it('serves a dashboard screen the build drew from its page, and the others from index.html', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/dashboard/products?status=active' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Products</h1>');
    expect(res.headers['cache-control']).toBe('no-cache');
    // A screen the build did not draw (here: no dashboard-home.html), or another path, is index.html.
    for (const url of ['/dashboard/home', '/dashboard/products/other', '/dashboard/orders']) {
      const other = await app.app.inject({ method: 'GET', url });
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<div id="root">');
      expect(other.body).not.toContain('first-paint');
    }
  });

  it('serves the root path from index.html', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Kasuwa Seller');
  });

  it('caches hashed assets for a year and sends the brotli copy when accepted', async () => {
    const res = await app.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBeLessThan(500);
  });

  it('still answers unknown API paths with JSON, not the page', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Route GET /api/dashboard not found');
  });

  it('answers a missing asset with 404 rather than the page, so the app can tell a stale deploy', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/assets/old-chunk-123.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('API documentation', () => {
  it('is an OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/admin/sellers/{command}']),
    );
    const admin = doc.paths['/api/admin/sellers/{command}'].post;
    expect(admin.requestBody.content['application/json'].schema.properties.email.type).toBe('string');
    expect(admin.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
  });

  it('has a readable page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: res.headers.location as string })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
  });
});
