import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { HttpError } from '@/lib/errors.ts';
import type { AuthenticateToken } from '@/plugins/auth.ts';

export type Realtime = {
  /** Sends an event to every socket of one seller, on whichever node it is connected. */
  toSeller: (sellerId: string, event: string, payload: unknown) => void;
};

export const sellerRoom = (sellerId: string) => `seller:${sellerId}`;

/**
 * socket.io on the app's own HTTP server at /socket.io. A socket must present the seller's bearer
 * token in the handshake (`auth: { token }`) and joins the room `seller:<id>`. With Redis, the
 * adapter relays room events between nodes, so a notification created on one node reaches the
 * seller's dashboard connected to another. Sockets are closed before the HTTP server stops.
 */
export function registerRealtime(
  app: FastifyInstance,
  {
    authenticate,
    redis,
    log,
  }: { authenticate: AuthenticateToken; redis: Redis | null; log: FastifyBaseLogger },
): Realtime {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // The SPA is served from the same origin; no other site may open a seller's socket.
    cors: { origin: false },
  });

  // The adapter needs one connection to publish and one that only subscribes (Redis's rule).
  const pub = redis?.duplicate() ?? null;
  const sub = redis?.duplicate() ?? null;
  if (pub && sub) io.adapter(createAdapter(pub, sub));

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    authenticate(typeof token === 'string' ? token : '')
      .then((seller) => {
        socket.data.sellerId = seller.id;
        next();
      })
      .catch((err: unknown) => {
        const message = err instanceof HttpError ? err.message : 'Invalid token';
        if (!(err instanceof HttpError)) log.error({ err }, 'socket authentication failed');
        next(new Error(message));
      });
  });

  io.on('connection', (socket) => {
    const sellerId = socket.data.sellerId as string;
    void socket.join(sellerRoom(sellerId));
    // SPEC section 7 has the client emit `join` with its seller id; the room is already joined from
    // the token, so a join naming anyone else is ignored rather than trusted.
    socket.on('join', () => {});
  });

  app.addHook('preClose', async () => {
    // Open websockets would keep the HTTP server from closing; end them first.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all([pub?.quit().catch(() => {}), sub?.quit().catch(() => {})]);
  });

  return {
    toSeller: (sellerId, event, payload) => {
      io.to(sellerRoom(sellerId)).emit(event, payload);
    },
  };
}
