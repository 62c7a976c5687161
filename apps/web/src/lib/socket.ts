import { SOCKET_CLIENT_OPTIONS } from '@kasuwa/contracts';
import { createContext } from 'react';
import type { Socket } from 'socket.io-client';

export type SellerSocket = Socket;

/**
 * Opens the seller's socket.io connection (same origin, /socket.io) with the options of SPEC
 * section 9: 20 s connection time-out, reconnect delay from 1 s growing to 5 s, randomisation 0.5.
 * The token is read at every (re)connection, so a refreshed token is used after a drop. The client
 * library is imported here, on first use, so it never weighs on the log-in screen.
 */
export async function connectSellerSocket(getToken: () => string | null): Promise<SellerSocket> {
  const { io } = await import('socket.io-client');
  return io({
    ...SOCKET_CLIENT_OPTIONS,
    auth: (send) => send({ token: getToken() ?? '' }),
  });
}

/**
 * How the dashboard opens its socket: the real connection in the app; tests render the dashboard
 * with one that stays offline instead of dialling the test page's address.
 */
export const SocketConnectorContext =
  createContext<(getToken: () => string | null) => Promise<SellerSocket>>(connectSellerSocket);
