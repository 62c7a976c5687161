import { afterEach, describe, expect, it } from 'vitest';
import { connectSellerSocket, type SellerSocket } from '@/lib/socket';

let socket: SellerSocket | null = null;
afterEach(() => {
  socket?.close();
  socket = null;
});

const sentAuth = (s: SellerSocket) =>
  new Promise<unknown>((resolve) => {
    if (typeof s.auth !== 'function') throw new Error('auth must be read at each connection');
    s.auth(resolve);
  });

describe('seller socket', () => {
  it('uses the connection settings of SPEC section 9', async () => {
    socket = await connectSellerSocket(() => 'token-1');
    expect(socket.io.opts.path).toBe('/socket.io');
    expect(socket.io.timeout()).toBe(20_000);
    expect(socket.io.reconnectionDelay()).toBe(1_000);
    expect(socket.io.reconnectionDelayMax()).toBe(5_000);
    expect(socket.io.randomizationFactor()).toBe(0.5);
  });

  it('authenticates with the token current at each (re)connection', async () => {
    let token: string | null = 'token-1';
    socket = await connectSellerSocket(() => token);
    expect(await sentAuth(socket)).toEqual({ token: 'token-1' });
    token = 'token-2';
    expect(await sentAuth(socket)).toEqual({ token: 'token-2' });
    token = null;
    expect(await sentAuth(socket)).toEqual({ token: '' });
  });
});
