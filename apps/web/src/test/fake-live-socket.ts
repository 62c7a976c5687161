import { act } from '@testing-library/react';
import type { LiveSocketLike } from '@/features/live-room/live-socket';

type Handler = (payload: unknown) => void;

/**
 * The live socket as a test drives it: `connect()` is the handshake succeeding, `drop()` the
 * network going away, `serverSends()` an event from the server. What the client emits is kept in
 * `emitted` and, with `log`, in a log shared with other fakes (to check the order of things).
 * `answerAcks` decides what the server acknowledges a client event with.
 */
export class FakeLiveSocket implements LiveSocketLike {
  id = 'socket-1';
  connected = false;
  readonly emitted: { event: string; payload: unknown }[] = [];
  answerAcks: ((event: string, payload: unknown) => unknown) | null = () => ({ ok: true });
  /** The acknowledgements waiting while `answerAcks` is null, for `answer()`. */
  private unanswered: { event: string; ack: (answer: unknown) => void }[] = [];
  private handlers = new Map<string, Set<Handler>>();

  constructor(private readonly log: string[] = []) {}

  emit(event: string, ...args: unknown[]) {
    const [payload, ack] = args;
    this.emitted.push({ event, payload });
    this.log.push(`emit ${event}`);
    if (typeof ack === 'function' && this.answerAcks) {
      const answer = this.answerAcks(event, payload);
      queueMicrotask(() => ack(answer));
    } else if (typeof ack === 'function') {
      this.unanswered.push({ event, ack: ack as (answer: unknown) => void });
    }
    return this;
  }
  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  connect() {
    this.connected = true;
    this.fire('connect');
    return this;
  }
  disconnect() {
    if (!this.connected) return this;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  /** The server acknowledging the waiting client events named `event` with `answer`. */
  answer(event: string, answer: unknown) {
    const waiting = this.unanswered.filter((u) => u.event === event);
    this.unanswered = this.unanswered.filter((u) => u.event !== event);
    for (const u of waiting) u.ack(answer);
  }
  serverSends(event: string, payload: unknown) {
    this.fire(event, payload);
  }
  eventsNamed(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
  private fire(event: string, payload?: unknown) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }
}

/**
 * Lets the next frame be drawn: the live room applies what the socket said once a frame
 * (lib/frame-queue, issue 20), so a test checks the screen after it.
 */
export async function nextFrame(): Promise<void> {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}
