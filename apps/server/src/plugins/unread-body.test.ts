import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await sellerWithToken(t)).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

/**
 * One keep-alive connection as a browser holds it: an upload whose body is larger than the
 * server lets it read, then the next API call on the same socket. Resolves with what the server
 * sent and whether it closed the connection, or after `waitMs`.
 */
function uploadThenNextCall(head: string, body: Buffer, waitMs: number) {
  return new Promise<{ text: string; closed: boolean; ms: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let sentNext = false;
    let firstAnswerAt = 0;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - firstAnswerAt });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('error', () => {});
    socket.on('close', () => done(true));
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (!sentNext && /\r\n\r\n/.test(text)) {
        sentNext = true;
        firstAnswerAt = Date.now();
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
      }
      if ((text.match(/HTTP\/1\.1 /g) ?? []).length >= 2) done(false);
    });
    socket.write(head);
    socket.write(body);
  });
}

describe('an upload answered before its body was read', () => {
  it('closes the connection after a 413, so the next call on a keep-alive socket is not left waiting', async () => {
    const boundary = 'kasuwa413';
    const partHead = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="coverImage"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // More than the 10 MB cover-image cap, and the declared length promises 20 MB more still.
    const sent = Buffer.concat([partHead, Buffer.alloc(11 * 1024 * 1024, 1)]);
    const head =
      'POST /api/streams/media HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${sent.length + 20 * 1024 * 1024}\r\n\r\n`;
    const res = await uploadThenNextCall(head, sent, 5_000);
    expect(res.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.text.toLowerCase()).toContain('connection: close');
    // Either the server answers the next call at once or it has closed, so the browser reconnects.
    expect(res.closed || /HTTP\/1\.1 200 /.test(res.text.split('\r\n\r\n').slice(1).join())).toBe(true);
    expect(res.ms).toBeLessThan(2_000);
  });

  it('closes the connection after a 401 to an upload whose body was never read', async () => {
    const head =
      'POST /api/products/images HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 5000000\r\n\r\n';
    const res = await uploadThenNextCall(head, Buffer.alloc(64 * 1024, 1), 5_000);
    expect(res.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(res.closed).toBe(true);
    expect(res.ms).toBeLessThan(2_000);
  });

  it('keeps a connection whose request was read whole open for the next call', async () => {
    const res = await uploadThenNextCall(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
      Buffer.alloc(0),
      3_000,
    );
    expect((res.text.match(/HTTP\/1\.1 200 /g) ?? []).length).toBe(2);
    expect(res.closed).toBe(false);
  });
});
