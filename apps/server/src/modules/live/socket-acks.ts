import type { SocketAck } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';

type Ack = (answer: SocketAck) => void;

/** Answers a socket event's acknowledgement, if the client asked for one. */
export const answer = (ack: unknown, value: SocketAck) => {
  if (typeof ack === 'function') (ack as Ack)(value);
};

export const refuse = (ack: unknown, message: string) => answer(ack, { ok: false, message });

/** Runs a handler, answering and logging a failure instead of leaving the client waiting. */
export const guardedBy =
  (log: Pick<FastifyBaseLogger, 'error'>) =>
  (handler: (payload: unknown, ack: unknown) => Promise<void>) =>
  (payload: unknown, ack?: unknown) => {
    handler(payload, ack).catch((err: unknown) => {
      log.error({ err }, 'live socket event failed');
      refuse(ack, 'Something went wrong. Please try again.');
    });
  };
