import { streamSocketEvents } from '@kasuwa/contracts';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';

const NO_SUCH_STREAM = '00000000-0000-4000-8000-000000000000';

/**
 * Resolves once the server has answered a request of `socket`'s own. One connection delivers in
 * order, so anything the socket's node sent it before answering has arrived by then: a test that
 * asserts a socket did NOT get a message emitted earlier (on that node) waits for this instead of
 * sleeping. The request leaves a show the socket never joined, which changes nothing.
 */
export async function roundTrip(socket: Socket) {
  const answer = await socket
    .timeout(5_000)
    .emitWithAck(streamSocketEvents.unsubscribe, { streamId: NO_SUCH_STREAM });
  expect(answer).toEqual({ ok: true });
}
