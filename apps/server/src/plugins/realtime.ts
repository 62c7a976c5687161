import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import { HttpError } from '@/lib/errors.ts';
import type { AuthenticateToken } from '@/plugins/auth.ts';

/** Who is on a socket: a seller, a buyer, or an anonymous viewer (watching needs no account). */
export type SocketIdentity =
  | { kind: 'seller'; id: string; name: string }
  | { kind: 'buyer'; id: string; name: string }
  | { kind: 'viewer' };

/** Turns a buyer token into the buyer; rejects anything else. */
export type AuthenticateBuyerToken = (token: string) => Promise<{ id: string; name: string }>;

/** A socket somewhere in the cluster, as `fetchSockets` describes it. */
export type SocketInfo = { id: string; identity: SocketIdentity };

export type Realtime = {
  /** Sends an event to every socket of one seller, on whichever node it is connected. */
  toSeller: (sellerId: string, event: string, payload: unknown) => void;
  /** Sends an event to every socket subscribed to a stream, on every node. */
  toStream: (streamId: string, event: string, payload: unknown) => void;
  /** To a stream's room and its seller's sockets at once; a socket in both gets it once. */
  toStreamAndSeller: (streamId: string, sellerId: string, event: string, payload: unknown) => void;
  /** issue 16: to every socket of one buyer (their inbox, a watch page), on whichever node. */
  toBuyer: (buyerId: string, event: string, payload: unknown) => void;
  /** To one socket by id, on whichever node it is connected. */
  toSocket: (socketId: string, event: string, payload: unknown) => void;
  /** Every socket in a room across the cluster (with Redis, nodes answer each other). */
  socketsIn: (room: string) => Promise<SocketInfo[]>;
  /**
   * How many sockets are in a room across the cluster, leaving out one seller's own (a show's studio
   * and dashboard). Each node counts its own and answers a number: unlike `socketsIn`, nothing is
   * sent per socket, so counting a show of thousands stays cheap.
   */
  countIn: (room: string, exceptSellerId?: string) => Promise<number>;
  /** Whether one socket is in a room now: looked up on this node first, else across the cluster. */
  isInRoom: (socketId: string, room: string) => Promise<boolean>;
  /** Adds handlers to each new socket; modules (live shows) bring their own events. */
  onConnection: (handler: (socket: Socket, identity: SocketIdentity) => void) => void;
};

export const sellerRoom = (sellerId: string) => `seller:${sellerId}`;
export const streamRoom = (streamId: string) => `stream:${streamId}`;
export const buyerRoom = (buyerId: string) => `buyer:${buyerId}`;

/** The server-side event by which nodes ask each other for their count of a room (countIn). */
const COUNT_IN_ROOM = 'kasuwa:count-in-room';
/**
 * How long a count waits for the other nodes' numbers before it asks for their sockets instead
 * (a node of an earlier version, during a rolling upgrade, does not know the question).
 */
const COUNT_TIMEOUT_MS = 2000;

type ServerSideEvents = {
  [COUNT_IN_ROOM]: (room: string, exceptSellerId: string | null, reply: (count: number) => void) => void;
};

export const identityOf = (socket: { data: unknown }): SocketIdentity =>
  ((socket.data as { identity?: SocketIdentity }).identity ?? { kind: 'viewer' }) as SocketIdentity;

/**
 * socket.io on the app's own HTTP server at /socket.io. The handshake (`auth: { token }`) may carry
 * a seller's token (the socket joins the room `seller:<id>`), a buyer's token, or none at all: an
 * anonymous viewer may watch a show. A token that is present but invalid is refused. With Redis,
 * the adapter relays room events between nodes, so a notification or a bid on one node reaches
 * sockets connected to another. Sockets are closed before the HTTP server stops.
 */
export function registerRealtime(
  app: FastifyInstance,
  {
    authenticate,
    authenticateBuyer,
    redis,
    log,
  }: {
    authenticate: AuthenticateToken;
    authenticateBuyer?: AuthenticateBuyerToken;
    redis: Redis | null;
    log: FastifyBaseLogger;
  },
): Realtime {
  const io = new Server<DefaultEventsMap, DefaultEventsMap, ServerSideEvents>(app.server, {
    path: '/socket.io',
    serveClient: false,
    // The SPA is served from the same origin; no other site may open a seller's socket.
    cors: { origin: false },
  });

  // The adapter needs one connection to publish and one that only subscribes (Redis's rule).
  const pub = redis?.duplicate() ?? null;
  // The subscriber waits for Redis however long it is away (no retry limit): a node started while
  // Redis was down then subscribes when it comes back, instead of failing the subscription (an
  // unhandled rejection, which ends the process: issue 18, `npm run chaos`) and never hearing the
  // other nodes. ioredis subscribes again by itself after a reconnection.
  const sub = redis?.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined }) ?? null;
  let closing = false;
  if (pub) {
    // The adapter publishes without awaiting (a broadcast, or its answer to another node's
    // fetchSockets). One that lands after this node began to close would reject with "Connection is
    // closed" and nobody to catch it; a lost publish from a closing node is harmless, so it is
    // caught here and logged only while the node is open.
    const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
    pub.publish = ((channel: string, message: string | Buffer) =>
      publish(channel, message).catch((err: unknown) => {
        if (!closing) log.warn({ err, channel }, 'could not publish to the other nodes');
        return 0;
      })) as typeof pub.publish;
  }
  if (pub && sub) io.adapter(createAdapter(pub, sub));
  const clustered = Boolean(pub && sub);

  /** This node's sockets in `room`, one seller's own left out. */
  const countHere = (room: string, exceptSellerId: string | null) => {
    const ids = io.of('/').adapter.rooms.get(room);
    if (!ids) return 0;
    if (!exceptSellerId) return ids.size;
    let count = 0;
    for (const id of ids) {
      const socket = io.sockets.sockets.get(id);
      if (!socket) continue;
      const who = identityOf(socket);
      if (!(who.kind === 'seller' && who.id === exceptSellerId)) count += 1;
    }
    return count;
  };
  io.on(COUNT_IN_ROOM, (room, exceptSellerId, reply) => {
    if (typeof room === 'string' && typeof reply === 'function') reply(countHere(room, exceptSellerId));
  });

  const identify = async (token: string): Promise<SocketIdentity> => {
    if (!token) return { kind: 'viewer' };
    try {
      const seller = await authenticate(token);
      return { kind: 'seller', id: seller.id, name: seller.storeName };
    } catch (err) {
      // A seller token that is blocked or disabled keeps its own answer; only a token that is not
      // a seller's at all may be a buyer's.
      if (!authenticateBuyer || !(err instanceof HttpError) || err.statusCode !== 401) throw err;
      try {
        const buyer = await authenticateBuyer(token);
        return { kind: 'buyer', id: buyer.id, name: buyer.name };
      } catch {
        throw err;
      }
    }
  };

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    identify(typeof token === 'string' ? token : '')
      .then((identity) => {
        socket.data.identity = identity;
        if (identity.kind === 'seller') socket.data.sellerId = identity.id;
        next();
      })
      .catch((err: unknown) => {
        const message = err instanceof HttpError ? err.message : 'Invalid token';
        if (!(err instanceof HttpError)) log.error({ err }, 'socket authentication failed');
        next(new Error(message));
      });
  });

  const handlers: Array<(socket: Socket, identity: SocketIdentity) => void> = [];

  io.on('connection', (socket) => {
    const identity = identityOf(socket);
    if (identity.kind === 'seller') void socket.join(sellerRoom(identity.id));
    if (identity.kind === 'buyer') void socket.join(buyerRoom(identity.id));
    // SPEC section 7 has the client emit `join` with its seller id; the room is already joined from
    // the token, so a join naming anyone else is ignored rather than trusted.
    socket.on('join', () => {});
    for (const handler of handlers) handler(socket, identity);
  });

  app.addHook('preClose', async () => {
    closing = true;
    // Open websockets would keep the HTTP server from closing; end them first.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // The subscriber only listens: cut, not QUIT, which would wait for a Redis that is away.
    sub?.disconnect();
    await pub?.quit().catch(() => {});
  });

  return {
    toSeller: (sellerId, event, payload) => {
      io.to(sellerRoom(sellerId)).emit(event, payload);
    },
    toStream: (streamId, event, payload) => {
      io.to(streamRoom(streamId)).emit(event, payload);
    },
    toStreamAndSeller: (streamId, sellerId, event, payload) => {
      io.to([streamRoom(streamId), sellerRoom(sellerId)]).emit(event, payload);
    },
    toBuyer: (buyerId, event, payload) => {
      io.to(buyerRoom(buyerId)).emit(event, payload);
    },
    toSocket: (socketId, event, payload) => {
      io.to(socketId).emit(event, payload);
    },
    socketsIn: async (room) => {
      const sockets = await io.in(room).fetchSockets();
      return sockets.map((s) => ({ id: s.id, identity: identityOf(s) }));
    },
    countIn: async (room, exceptSellerId) => {
      const here = countHere(room, exceptSellerId ?? null);
      if (!clustered) return here;
      try {
        const there = await new Promise<number[]>((resolve, reject) => {
          // The adapter gives up after its own time-out, but not when Redis cannot even say how
          // many nodes there are: this one always ends.
          const timer = setTimeout(
            () => reject(new Error('the other nodes did not answer a room count in time')),
            COUNT_TIMEOUT_MS,
          );
          io.serverSideEmit(COUNT_IN_ROOM, room, exceptSellerId ?? null, (err, counts) => {
            clearTimeout(timer);
            if (err) reject(err);
            else resolve(counts);
          });
        });
        return there.reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), here);
      } catch (err) {
        // A node that does not answer the question (an earlier version during a rolling upgrade,
        // or a slow one): its sockets, which every version's adapter lists, counted here instead.
        log.warn({ err: { message: (err as Error).message }, room }, 'room count: asking for the sockets');
        const sockets = await io.in(room).fetchSockets();
        return sockets.filter((s) => {
          const who = identityOf(s);
          return !(exceptSellerId && who.kind === 'seller' && who.id === exceptSellerId);
        }).length;
      }
    },
    isInRoom: async (socketId, room) => {
      const local = io.sockets.sockets.get(socketId);
      if (local) return local.rooms.has(room);
      // Not connected here: another node may hold it (Redis adapter), or it is gone.
      const sockets = await io.in(room).fetchSockets();
      return sockets.some((s) => s.id === socketId);
    },
    onConnection: (handler) => {
      handlers.push(handler);
    },
  };
}
