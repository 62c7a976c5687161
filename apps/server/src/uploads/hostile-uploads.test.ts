import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerDocuments } from '@/db/schema/index.ts';
import { blipCalls, video, videoFixture } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { type FormPart, multipartForm } from '@/test/multipart.ts';
import { PDF, png } from '@/test/onboarding.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let auth: { authorization: string };
let individual: { authorization: string };
let buyer: { authorization: string };
let productId: string;
let image: Buffer;
let webm: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  auth = (await sellerWithToken(t)).auth;
  individual = (await sellerWithToken(t, { accountType: 'individual' })).auth;
  buyer = (await buyerWithToken(t)).auth;
  productId = (await blipCalls(() => t).product(auth))._id;
  image = await png();
  webm = await videoFixture('blip.webm');
});
afterAll(() => t?.close());

/** Every upload route with a form it accepts; each case below breaks one thing about it. */
const uploadRoutes = () => [
  { url: '/api/products/images', who: auth, parts: [{ field: 'image', filename: 'a.png', content: image }] },
  { url: `/api/products/${productId}/blips`, who: auth, parts: [video(webm)] },
  {
    url: '/api/streams/media',
    who: auth,
    parts: [{ field: 'coverImage', filename: 'a.png', content: image }],
  },
  {
    url: '/api/seller/profile/avatar',
    who: auth,
    parts: [{ field: 'avatar', filename: 'a.png', content: image }],
  },
  {
    url: '/api/seller/profile/banner',
    who: auth,
    parts: [{ field: 'banner', filename: 'a.png', content: image }],
  },
  {
    url: '/api/buyer/returns/photos',
    who: buyer,
    parts: [{ field: 'photo', filename: 'a.png', content: image }],
  },
  {
    url: '/api/seller/verification/individual',
    who: individual,
    parts: ['individualTaxId', 'governmentId', 'proofOfAddress'].map((field) => ({
      field,
      filename: `${field}.pdf`,
      content: PDF,
    })),
  },
];

const send = (url: string, who: object, payload: Buffer, contentType: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...who, 'content-type': contentType } });

describe('a malformed multipart request on every upload route', () => {
  it('answers 400 with a message when the boundary is missing or does not match the body', async () => {
    for (const route of uploadRoutes()) {
      const form = multipartForm(route.parts as FormPart[]);
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=not-the-one']) {
        const res = await send(route.url, route.who, form.payload, type);
        expect(res.statusCode, `${route.url} ${type}: ${res.body}`).toBe(400);
        expect(res.json().message).toMatch(/multipart/i);
      }
    }
  });

  it('answers 400 for a body cut off in the middle of a file', async () => {
    for (const route of uploadRoutes()) {
      const form = multipartForm(route.parts as FormPart[]);
      const cut = form.payload.subarray(0, Math.floor(form.payload.length / 2));
      const res = await send(route.url, route.who, cut, form.headers['content-type']);
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(400);
    }
  });
});

describe('hostile file names and text fields', () => {
  it('accepts a file name holding NUL or a right-to-left override only as a safe name of our own', async () => {
    const NUL = String.fromCharCode(0);
    for (const name of [`cv${NUL}.pdf`, 'cv\u202Efdp.exe', 'a\ud800.pdf']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/seller/verification/individual',
        ...(() => {
          const form = multipartForm(
            ['individualTaxId', 'governmentId', 'proofOfAddress'].map((field) => ({
              field,
              filename: name,
              content: PDF,
            })),
          );
          return { payload: form.payload, headers: { ...form.headers, ...individual } };
        })(),
      });
      expect([201, 200, 400], res.body).toContain(res.statusCode);
    }
    const names = (await t.db.select({ name: sellerDocuments.originalName }).from(sellerDocuments)).map(
      (r) => r.name,
    );
    expect(names.length).toBeGreaterThan(0);
    for (const stored of names) expect(stored).toMatch(/^[\p{L}\p{N} ._()-]+$/u);
    for (const route of uploadRoutes()) {
      const parts = (route.parts as FormPart[]).map((p) => ({ ...p, filename: `x${NUL}\u202Egnp.exe` }));
      const form = multipartForm(parts);
      const res = await send(route.url, route.who, form.payload, form.headers['content-type']);
      expect(res.statusCode, `${route.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  // (An unpaired surrogate cannot travel in a multipart body: its UTF-8 bytes decode as U+FFFD.)
  it('refuses a blip caption holding NUL or another control character with 400 naming the field', async () => {
    for (const caption of [`new${String.fromCharCode(0)}stock`, 'ring \u0007 bell']) {
      const form = multipartForm([video(webm), { field: 'caption', value: caption }]);
      const res = await send(
        `/api/products/${productId}/blips`,
        auth,
        form.payload,
        form.headers['content-type'],
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^caption /);
    }
  });
});

/** Every file under the storage root (scratch files included), as paths relative to it. */
async function storedFiles(): Promise<Set<string>> {
  const root = path.dirname(t.storage.scratchDir);
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return new Set(
    entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))),
  );
}

/** A PNG whose header claims `side`×`side` pixels over a few bytes of data: small file, huge picture. */
function pixelBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(side * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT = '<script>alert(document.cookie)</script>';
/** Hostile contents, each sent under the name and type the route expects of its first file. */
const hostileFiles = () => [
  {
    what: 'a renamed Windows executable',
    content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]),
  },
  {
    what: 'a renamed ELF executable',
    content: Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(508, 1)]),
  },
  {
    what: 'an SVG with a script',
    content: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`),
  },
  { what: 'an HTML page', content: Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`) },
  { what: 'a pixel bomb (30,000 × 30,000 pixels in a few kilobytes)', content: pixelBomb(30_000) },
];

describe('hostile contents on every upload route', () => {
  it('refuses each with a 4xx message and keeps nothing of it', async () => {
    let tried = 0;
    for (const route of uploadRoutes()) {
      for (const hostile of hostileFiles()) {
        const before = await storedFiles();
        const parts = (route.parts as FormPart[]).map((p, i) =>
          i === 0 && 'filename' in p ? { ...p, content: hostile.content } : p,
        );
        const form = multipartForm(parts);
        const res = await send(route.url, route.who, form.payload, form.headers['content-type']);
        expect([400, 413, 415], `${route.url} ${hostile.what}: ${res.statusCode} ${res.body}`).toContain(
          res.statusCode,
        );
        expect(typeof res.json().message).toBe('string');
        expect(await storedFiles(), `${route.url} ${hostile.what} left a file`).toEqual(before);
        tried += 1;
      }
    }
    process.stdout.write(`hostile contents: ${tried} (route × file) uploads refused\n`);
  });

  it('keeps nothing of a polyglot but the re-encoded picture, or serves it only as what it was checked to be', async () => {
    // A real picture (or PDF, or video) with a web page appended: what is kept must not carry the page.
    for (const route of uploadRoutes()) {
      const parts = (route.parts as FormPart[]).map((p, i) =>
        i === 0 && 'filename' in p
          ? { ...p, content: Buffer.concat([p.content, Buffer.from(`<html>${SCRIPT}</html>`)]) }
          : p,
      );
      const before = await storedFiles();
      const form = multipartForm(parts);
      const res = await send(route.url, route.who, form.payload, form.headers['content-type']);
      expect(res.statusCode, `${route.url}: ${res.body}`).toBeLessThan(500);
      const added = [...(await storedFiles())].filter((f) => !before.has(f));
      const root = path.dirname(t.storage.scratchDir);
      for (const file of added) {
        const kept = await fs.readFile(path.join(root, file));
        if (/\.(webp|jpe?g|png)$/.test(file)) {
          // Pictures are re-encoded: the appended page is gone.
          expect(kept.includes(SCRIPT), `${route.url} kept the page in ${file}`).toBe(false);
        } else {
          // Documents and videos are kept as sent; they are only ever served under the type their
          // content was checked to be, with nosniff (media routes' tests), never as a page.
          expect(file, `${route.url} stored ${file}`).toMatch(/\.(pdf|docx?|webm|mp4|mov)$/);
        }
      }
    }
  });

  it('never writes outside the storage root, whatever the file name says', async () => {
    const strayName = `kasuwa-escape-${Date.now().toString(36)}`;
    for (const route of uploadRoutes()) {
      for (const name of [
        `../../../../../../tmp/${strayName}.png`,
        `..\\..\\..\\tmp\\${strayName}.png`,
        `/tmp/${strayName}.png`,
      ]) {
        const parts = (route.parts as FormPart[]).map((p) =>
          'filename' in p ? { ...p, filename: name } : p,
        );
        const form = multipartForm(parts);
        const res = await send(route.url, route.who, form.payload, form.headers['content-type']);
        expect(res.statusCode, `${route.url}: ${res.body}`).toBeLessThan(500);
      }
    }
    const strays = (await fs.readdir(os.tmpdir())).filter((f) => f.startsWith(strayName));
    expect(strays).toEqual([]);
    const root = path.dirname(t.storage.scratchDir);
    for (const file of await storedFiles())
      expect(path.resolve(root, file).startsWith(`${root}${path.sep}`)).toBe(true);
  });
});

describe('an oversize upload', () => {
  it('is stopped while it streams: the 413 comes long before the body would end', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const claimed = 2 * 1024 * 1024 * 1024; // 2 GB announced
    for (const route of uploadRoutes()) {
      const first = (route.parts as FormPart[]).find((p) => 'filename' in p) as Extract<
        FormPart,
        { filename: string }
      >;
      const boundary = 'kasuwa-oversize';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${first.field}"; filename="${first.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const result = await new Promise<{ status: number; sent: number; answer: string }>(
        (resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          let sent = 0;
          let answer = '';
          const chunk = Buffer.alloc(256 * 1024, 0x41);
          const pump = () => {
            while (sent < claimed && !answer) {
              sent += chunk.length;
              if (!socket.write(chunk)) return socket.once('drain', pump);
            }
          };
          socket.on('data', (d) => {
            answer += d.toString('latin1');
            const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
            if (status && answer.includes('}')) {
              socket.destroy();
              resolve({ status, sent, answer });
            }
          });
          socket.on('error', (err) => (answer ? undefined : reject(err)));
          socket.on('close', () =>
            answer
              ? undefined
              : reject(new Error(`${route.url}: closed without an answer after ${sent} bytes`)),
          );
          socket.write(
            `POST ${route.url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${(route.who as { authorization: string }).authorization}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${claimed}\r\n\r\n`,
          );
          socket.write(head);
          pump();
        },
      );
      expect(result.status, `${route.url} after ${result.sent} bytes: ${result.answer}`).toBe(413);
      // Stopped at the field's cap (hundreds of megabytes at most), not after the 2 GB announced.
      expect(result.sent, route.url).toBeLessThan(claimed / 4);
    }
  }, 120_000);
});
