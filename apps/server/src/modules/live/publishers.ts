import type { Redis } from 'ioredis';

/**
 * Which studio publishes a live show's video. A seller may open the studio of one show in two tabs
 * or on two devices; if both sent the camera, every viewer would get two competing offers. So one
 * studio holds the show at a time: the latest to claim it takes it over (the first is told), a
 * studio coming back after a dropped connection gets it back only if no other studio took it
 * meanwhile, and a studio's claim ends with its socket.
 *
 * A claim names the socket (where viewers' signalling goes) and the studio, a random id the page
 * makes once: the same studio reconnecting has a new socket but is still the same window.
 */
export type PublisherClaim = { socketId: string; studioId: string };

/**
 * Where claims are kept: in memory on a single node, in Redis when nodes share one, so a viewer on
 * any node reaches the one publisher and a claim on any node demotes the previous holder. The writes
 * are compare-and-set, so two claims racing on two nodes cannot both win.
 */
export interface PublisherStore {
  get(streamId: string): Promise<PublisherClaim | null>;
  /** Stores `next` if the stored claim is still `expected` (null: none); answers whether it did. */
  replace(streamId: string, expected: PublisherClaim | null, next: PublisherClaim): Promise<boolean>;
  /** Removes the claim if it is still `claim` (the holder left); a newer claim stays. */
  release(streamId: string, claim: PublisherClaim): Promise<boolean>;
}

const encode = (claim: PublisherClaim) =>
  JSON.stringify({ socketId: claim.socketId, studioId: claim.studioId });

function decode(raw: string | null): PublisherClaim | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PublisherClaim>;
    return typeof value.socketId === 'string' && typeof value.studioId === 'string'
      ? { socketId: value.socketId, studioId: value.studioId }
      : null;
  } catch {
    return null;
  }
}

export function memoryPublisherStore(): PublisherStore {
  const claims = new Map<string, string>();
  return {
    get: async (streamId) => decode(claims.get(streamId) ?? null),
    replace: async (streamId, expected, next) => {
      if ((claims.get(streamId) ?? null) !== (expected ? encode(expected) : null)) return false;
      claims.set(streamId, encode(next));
      return true;
    },
    release: async (streamId, claim) => {
      if (claims.get(streamId) !== encode(claim)) return false;
      claims.delete(streamId);
      return true;
    },
  };
}

/**
 * A claim outlives a node that crashed (its sockets never said goodbye); the next studio takes it
 * over anyway, and the key goes away by itself a day after the last claim.
 */
export const PUBLISHER_CLAIM_TTL_SECONDS = 24 * 60 * 60;

const REPLACE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if (current == false and ARGV[1] == '') or current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', tonumber(ARGV[3]))
  return 1
end
return 0`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

export function redisPublisherStore(
  redis: Redis,
  { prefix = 'kasuwa:live:publisher:', ttlSeconds = PUBLISHER_CLAIM_TTL_SECONDS } = {},
): PublisherStore {
  const key = (streamId: string) => `${prefix}${streamId}`;
  return {
    get: async (streamId) => decode(await redis.get(key(streamId))),
    replace: async (streamId, expected, next) =>
      (await redis.eval(
        REPLACE_SCRIPT,
        1,
        key(streamId),
        expected ? encode(expected) : '',
        encode(next),
        String(ttlSeconds),
      )) === 1,
    release: async (streamId, claim) =>
      (await redis.eval(RELEASE_SCRIPT, 1, key(streamId), encode(claim))) === 1,
  };
}

export type ClaimOutcome =
  | {
      granted: true;
      /** The other studio that held the show, to be told it lost it. */
      replaced: PublisherClaim | null;
    }
  | { granted: false };

/**
 * One claim by the rules above. `takeOver`: a studio that opens (or whose seller pressed "Use this
 * window") takes the show from whoever has it; a studio resuming after a reconnection does not, unless
 * the holder is gone (`isConnected` answers whether a socket still exists anywhere in the cluster).
 */
export async function claimPublisher(
  store: PublisherStore,
  streamId: string,
  claim: PublisherClaim,
  { takeOver, isConnected }: { takeOver: boolean; isConnected: (socketId: string) => Promise<boolean> },
): Promise<ClaimOutcome> {
  // Compare-and-set: another claim landing between the read and the write makes us read again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await store.get(streamId);
    const otherStudio = current !== null && current.studioId !== claim.studioId ? current : null;
    if (otherStudio && !takeOver && (await isConnected(otherStudio.socketId))) return { granted: false };
    if (current?.socketId === claim.socketId && current.studioId === claim.studioId) {
      return { granted: true, replaced: null };
    }
    if (await store.replace(streamId, current, claim)) {
      return { granted: true, replaced: otherStudio?.socketId === claim.socketId ? null : otherStudio };
    }
  }
  throw new Error('the publisher claim kept changing');
}
