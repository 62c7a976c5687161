import { describe, expect, it } from 'vitest';
import { fakeClock } from '@/lib/clock.ts';
import { UnauthorizedError } from '@/lib/errors.ts';
import { BUYER_AUDIENCE, SESSION_TTL_SECONDS, tokenService } from '@/lib/tokens.ts';

const SECRET = 'tokens-test-secret-tokens-test-secret';
const account = { id: '5b0c7d7e-3f0e-4a53-9a43-2f4d1c8f4b11', tokenVersion: 3 };

describe('session tokens, checked once per node', () => {
  it('accepts a token again without its signature, until the moment it expires', async () => {
    const clock = fakeClock();
    const tokens = tokenService(SECRET, clock);
    const token = await tokens.sign(account);
    expect(await tokens.verify(token)).toEqual({ sub: account.id, ver: 3 });
    clock.advance((SESSION_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).toEqual({ sub: account.id, ver: 3 });
    // Expiry is `exp <= now`, the second it is reached, as on the first check.
    clock.advance(1000);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('still refuses a token altered after the genuine one was accepted', async () => {
    const tokens = tokenService(SECRET, fakeClock());
    const token = await tokens.sign(account);
    await tokens.verify(token);
    const [header, , signature] = token.split('.');
    const claims = Buffer.from(JSON.stringify({ sub: account.id, ver: 99, exp: 4_000_000_000 })).toString(
      'base64url',
    );
    await expect(tokens.verify(`${header}.${claims}.${signature}`)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(tokens.verify(`${token}x`)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('keeps each audience to its own tokens, remembered or not', async () => {
    const clock = fakeClock();
    const sellers = tokenService(SECRET, clock);
    const buyers = tokenService(SECRET, clock, SESSION_TTL_SECONDS, BUYER_AUDIENCE);
    const sellerToken = await sellers.sign(account);
    await sellers.verify(sellerToken);
    await expect(buyers.verify(sellerToken)).rejects.toBeInstanceOf(UnauthorizedError);
    const other = tokenService('another-secret-another-secret-another', clock);
    await expect(other.verify(sellerToken)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
