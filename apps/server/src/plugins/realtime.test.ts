import type { AddressInfo } from 'node:net';
import { type NotificationCreatedEvent, SOCKET_CLIENT_OPTIONS, socketEvents } from '@kasuwa/contracts';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { roundTrip } from '@/test/round-trip.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { serviceUrl } from '@/test/services.ts';
import { waitFor } from '@/test/wait-for.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function open(url: string, token: string): Socket {
  const socket = connect(url, {
    ...SOCKET_CLIENT_OPTIONS,
    auth: { token },
    reconnection: false,
    transports: ['websocket'],
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const nextNotification = (socket: Socket) =>
  new Promise<NotificationCreatedEvent>((resolve) => socket.once(socketEvents.notificationCreated, resolve));

const notify = (t: TestApp, app: TestApp['app'], email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/sellers/notify',
    headers: { authorization: `Bearer ${t.adminToken}` },
    payload: { email, type: 'new_order', data: { orderId: 'o-5' } },
  });

describe('realtime notifications', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it('pushes a new notification to the seller’s socket and to no one else’s', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const socketA = open(url, a.token);
    const socketB = open(url, b.token);
    await Promise.all([connected(socketA), connected(socketB)]);
    const toB: NotificationCreatedEvent[] = [];
    socketB.on(socketEvents.notificationCreated, (e: NotificationCreatedEvent) => toB.push(e));
    const received = nextNotification(socketA);
    await notify(t, t.app, a.seller.email);
    expect((await received).notification).toMatchObject({ type: 'new_order', data: { orderId: 'o-5' } });
    // B's own notification, sent later down the same connection, comes after A's had it been sent to B.
    const own: string = (await notify(t, t.app, b.seller.email)).json().notification._id;
    await waitFor(() => toB.some((e) => e.notification._id === own));
    expect(toB.map((e) => e.notification._id)).toEqual([own]);
  });

  it('refuses a handshake with a token that is not valid', async () => {
    await expect(connected(open(url, 'forged'))).rejects.toThrow('Invalid token');
  });

  it('lets a socket without a token in as an anonymous viewer, who receives no seller’s notifications', async () => {
    const a = await sellerWithToken(t);
    const seller = open(url, a.token);
    const viewer = open(url, '');
    await Promise.all([connected(seller), connected(viewer)]);
    let viewerGotOne = false;
    viewer.on(socketEvents.notificationCreated, () => {
      viewerGotOne = true;
    });
    // A viewer naming a seller in `join` does not get into that seller's room either.
    viewer.emit('join', a.seller.id);
    // Handled before the notification is sent: the server takes a connection's events in order.
    await roundTrip(viewer);
    const received = nextNotification(seller);
    await notify(t, t.app, a.seller.email);
    await received;
    // The notification went out to the room before the seller had it; the viewer's answer comes later.
    await roundTrip(viewer);
    expect(viewerGotOne).toBe(false);
  });
});

const redisUrl = serviceUrl('REDIS_URL');

describe.skipIf(!redisUrl)('realtime across nodes sharing Redis', () => {
  it('delivers a notification created on one node to a socket connected to the other', async () => {
    const redisA = new Redis(redisUrl as string);
    const redisB = new Redis(redisUrl as string);
    const nodeA = await buildTestApp({ redis: redisA });
    const nodeB = await buildApp({
      db: nodeA.db,
      mailer: nodeA.mailer,
      storage: nodeA.storage,
      clock: nodeA.clock,
      logger: false,
      adminToken: nodeA.adminToken,
      jwtSecret: nodeA.jwtSecret,
      webDist: null,
      redis: redisB,
    });
    try {
      const urlB = await listen(nodeB);
      const seller = await sellerWithToken(nodeA);
      const socket = open(urlB, seller.token);
      await connected(socket);
      const received = nextNotification(socket);
      // Not a negative: node B's Redis subscriber may need a moment after connecting, and nothing
      // tells the test when it is subscribed.
      await new Promise((r) => setTimeout(r, 200));
      const res = await notify(nodeA, nodeA.app, seller.seller.email);
      expect(res.statusCode).toBe(200);
      expect((await received).notification._id).toBe(res.json().notification._id);
    } finally {
      await nodeB.close();
      await nodeA.close();
      await Promise.all([redisA.quit(), redisB.quit()]);
    }
  });
});
