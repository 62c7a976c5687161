import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  claimPublisher,
  memoryPublisherStore,
  type PublisherStore,
  redisPublisherStore,
} from '@/modules/live/publishers.ts';
import { serviceUrl } from '@/test/services.ts';

const redisUrl = serviceUrl('REDIS_URL');
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

const stores: [string, () => PublisherStore][] = [['memory', memoryPublisherStore]];
if (redis)
  stores.push(['Redis', () => redisPublisherStore(redis, { prefix: `test:publisher:${randomUUID()}:` })]);

const connected = async () => true;

describe.each(stores)('publisher claims (%s)', (_name, makeStore) => {
  it('lets exactly one of many studios racing for a free show have it when none takes over', async () => {
    const store = makeStore();
    const streamId = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        claimPublisher(
          store,
          streamId,
          { socketId: `s${i}`, studioId: `studio-${i}` },
          {
            takeOver: false,
            isConnected: connected,
          },
        ),
      ),
    );
    const winners = outcomes.flatMap((o, i) => (o.granted ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await store.get(streamId)).toEqual({
      socketId: `s${winners[0]}`,
      studioId: `studio-${winners[0]}`,
    });
  });

  it('hands the show over on a take-over and names the studio that lost it', async () => {
    const store = makeStore();
    const streamId = randomUUID();
    const phone = { socketId: 'phone-socket', studioId: 'phone-studio' };
    const laptop = { socketId: 'laptop-socket', studioId: 'laptop-studio' };
    expect(await claimPublisher(store, streamId, phone, { takeOver: true, isConnected: connected })).toEqual({
      granted: true,
      replaced: null,
    });
    expect(await claimPublisher(store, streamId, laptop, { takeOver: true, isConnected: connected })).toEqual(
      {
        granted: true,
        replaced: phone,
      },
    );
    // The phone's goodbye no longer releases anything; the laptop's does.
    expect(await store.release(streamId, phone)).toBe(false);
    expect(await store.get(streamId)).toEqual(laptop);
    expect(await store.release(streamId, laptop)).toBe(true);
    expect(await store.get(streamId)).toBeNull();
  });

  it('gives a show held by a socket that is gone to a studio that only resumes', async () => {
    const store = makeStore();
    const streamId = randomUUID();
    const crashed = { socketId: 'on-a-dead-node', studioId: 'old-studio' };
    await claimPublisher(store, streamId, crashed, { takeOver: true, isConnected: connected });
    const resuming = { socketId: 'new', studioId: 'other-studio' };
    expect(
      await claimPublisher(store, streamId, resuming, { takeOver: false, isConnected: connected }),
    ).toEqual({ granted: false });
    expect(
      await claimPublisher(store, streamId, resuming, { takeOver: false, isConnected: async () => false }),
    ).toEqual({ granted: true, replaced: crashed });
  });
});
