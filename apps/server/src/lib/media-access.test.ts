import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '@/lib/clock.ts';
import { MEDIA_COOKIE, mediaAccess } from '@/lib/media-access.ts';

const HOUR = 60 * 60 * 1000;
const clock = fakeClock();
const media = mediaAccess('a-secret-of-the-tests-a-secret-of-the-tests', clock);
const app = Fastify();
// What the seller hook does on each signed-in call, and what the media route asks.
app.get(
  '/signed-in/:sellerId',
  async (request: FastifyRequest<{ Params: { sellerId: string } }>, reply: FastifyReply) => {
    media.refresh(request, reply, request.params.sellerId);
    return { ok: true };
  },
);
app.get('/media', async (request) => ({ seller: media.sellerOf(request) }));

beforeAll(() => app.ready());
afterAll(() => app.close());

const signIn = async (sellerId: string, cookie?: string) => {
  const res = await app.inject({ url: `/signed-in/${sellerId}`, headers: cookie ? { cookie } : {} });
  const set = res.headers['set-cookie'];
  return set === undefined ? null : String(set);
};
const sellerOf = async (cookie: string) =>
  (await app.inject({ url: '/media', headers: { cookie } })).json<{ seller: string | null }>().seller;
const pair = (setCookie: string) => setCookie.split(';')[0] ?? '';
const maxAge = (setCookie: string) => Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);

describe('the media cookie', () => {
  it('opens its seller’s media for 12 hours, is renewed once half its life is gone, and the browser keeps it as long as it works', async () => {
    const first = await signIn('seller-a');
    expect(first).toMatch(
      new RegExp(`^${MEDIA_COOKIE}=seller-a\\.\\d+\\.[\\w-]+; Path=/api/media; Max-Age=43200; HttpOnly`),
    );
    const cookie = pair(first ?? '');
    expect(await sellerOf(cookie)).toBe('seller-a');
    // Held with over half its life left: nothing is set.
    clock.advance(5 * HOUR);
    expect(await signIn('seller-a', cookie)).toBeNull();
    expect(await sellerOf(cookie)).toBe('seller-a');
    // A browser that holds none meanwhile gets the same value, kept only as long as it is accepted.
    const again = await signIn('seller-a');
    expect(pair(again ?? '')).toBe(cookie);
    expect(maxAge(again ?? '')).toBe(7 * 3600);
    // Past half its life: a new value with a later end.
    clock.advance(2 * HOUR);
    const renewed = await signIn('seller-a', cookie);
    expect(renewed).not.toBeNull();
    expect(pair(renewed ?? '')).not.toBe(cookie);
    expect(maxAge(renewed ?? '')).toBe(12 * 3600);
    // The old value stops at its own end, the new one goes on.
    clock.advance(5 * HOUR);
    expect(await sellerOf(cookie)).toBeNull();
    expect(await sellerOf(pair(renewed ?? ''))).toBe('seller-a');
  });

  it('refuses a cookie whose seller, end or signature was changed, after the genuine one was accepted', async () => {
    const cookie = pair((await signIn('seller-b')) ?? '');
    expect(await sellerOf(cookie)).toBe('seller-b');
    const [name, value] = cookie.split('=') as [string, string];
    const [seller, end, mac] = value.split('.') as [string, string, string];
    for (const forged of [
      `${name}=seller-c.${end}.${mac}`,
      `${name}=${seller}.${Number(end) + 3600}.${mac}`,
      `${name}=${seller}.${end}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${name}=${seller}.${end}`,
    ]) {
      expect(await sellerOf(forged)).toBeNull();
    }
    // Another seller's sign-in never hands out seller-b's value.
    expect(pair((await signIn('seller-c')) ?? '')).toMatch(/=seller-c\./);
  });
});
