import { describe, expect, it } from 'vitest';
import { findSecrets } from './log-secrets.mjs';

const line = (obj) => JSON.stringify({ level: 30, time: 1764093600000, reqId: 'req-1', ...obj });

describe('the log secrets scan', () => {
  it('passes an ordinary request log', () => {
    const log = [
      line({ req: { method: 'POST', url: '/api/seller/login', headers: { authorization: '[Redacted]' } } }),
      line({ res: { statusCode: 200 }, responseTime: 12.5, msg: 'request completed' }),
      line({ password: '[Redacted]', msg: 'body' }),
      line({ order: 'KSW-100234', number: 100234, msg: 'order paid' }),
    ].join('\n');
    expect(findSecrets(log, ['Lekki2026market'])).toEqual([]);
  });

  it.each([
    [
      'a JSON Web Token',
      line({ msg: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXBhcnQ' }),
    ],
    ['a bearer token', line({ headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz012345' } })],
    ['a password field', line({ body: { email: 'a@b.ng', password: 'hunter2hunter2' } })],
    ['a one-time code', line({ body: { email: 'a@b.ng', code: '493021' } })],
    ['a one-time code in a URL', line({ req: { url: '/verify?email=a%40b.ng&code=493021' } })],
    ['a BVN or NIN', line({ body: { bvn: '22212345678' } })],
    ['a card number', line({ body: { card: '4084084084084081' } })],
    ['a known secret', line({ msg: 'typed Lekki2026market somewhere' })],
  ])('finds %s', (what, text) => {
    expect(findSecrets(`${line({ msg: 'before' })}\n${text}`, ['Lekki2026market'])).toEqual([
      { line: 2, what },
    ]);
  });
});
