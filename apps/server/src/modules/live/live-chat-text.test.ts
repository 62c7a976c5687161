import { streamSocketEvents } from '@kasuwa/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { connected, createShow, emitAck, listen, openSocket, post } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
});

// The HTTP routes get the accepted-text rule from plugins/text-guard.ts; the show's chat arrives
// over the socket, so its contract applies the rule itself (issue 18).
it('refuses a chat message holding NUL or an unpaired surrogate with a message, and the chat goes on', async () => {
  const seller = await sellerWithToken(t);
  const stream = await createShow(t.app, t, seller.auth);
  expect((await post(t.app, `/api/streams/${stream._id}/start`, seller.auth)).statusCode).toBe(200);
  const buyer = await buyerWithToken(t, 'Ada');
  const socket = openSocket(url, buyer.token, sockets);
  await connected(socket);
  for (const content of [`hello${String.fromCharCode(0)}`, 'broken \ud800']) {
    const ack = await emitAck(socket, streamSocketEvents.comment, { streamId: stream._id, content });
    expect(ack).toMatchObject({ ok: false });
    expect((ack as { message: string }).message).toMatch(/control characters|unpaired/);
  }
  expect(
    await emitAck(socket, streamSocketEvents.comment, { streamId: stream._id, content: 'Still here' }),
  ).toEqual({
    ok: true,
  });
});
