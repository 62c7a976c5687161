import type { SocketAck } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { databaseUnavailable } from '@/lib/pg-errors.ts';

type Ack = (answer: SocketAck) => void;

/** How long a client waits before sending an event the server could not handle now (HTTP's Retry-After: 2). */
export const SOCKET_RETRY_AFTER_MS = 2000;

/** Answers a socket event's acknowledgement, if the client asked for one. */
export const answer = (ack: unknown, value: SocketAck) => {
  if (typeof ack === 'function') (ack as Ack)(value);
};

export const refuse = (ack: unknown, message: string) => answer(ack, { ok: false, message });

/**
 * Runs a handler, answering and logging a failure instead of leaving the client waiting. A database
 * that is away or saturated (no pooled connection free within the pool's time-out, a statement
 * time-out, a restart: lib/pg-errors.ts) is the socket's 503: its message and `retryAfterMs`, logged
 * as a warning, so a crowd joining a show at once is told to come back in a moment (and the watch
 * page does) instead of reading "Something went wrong" (issue 18, `npm run cluster`). Anything else
 * is a bug of ours: logged as an error, answered with the generic message.
 */
export const guardedBy =
  (log: Pick<FastifyBaseLogger, 'error' | 'warn'>) =>
  (handler: (payload: unknown, ack: unknown) => Promise<void>) =>
  (payload: unknown, ack?: unknown) => {
    handler(payload, ack).catch((err: unknown) => {
      const unavailable = databaseUnavailable(err);
      if (unavailable) {
        log.warn({ err: { message: (err as Error).message } }, 'live socket event: database unavailable');
        answer(ack, { ok: false, message: unavailable, retryAfterMs: SOCKET_RETRY_AFTER_MS });
        return;
      }
      log.error({ err }, 'live socket event failed');
      refuse(ack, 'Something went wrong. Please try again.');
    });
  };
