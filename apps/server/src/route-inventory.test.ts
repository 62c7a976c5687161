import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buildWorld, databaseSnapshot, type World } from '@/test/isolation-world.ts';
import { type InventoryRoute, missingSchemas, routeInventory } from '@/test/route-inventory.ts';
import { type Call, ROUTE_TABLE, type RouteEntry } from '@/test/route-table.ts';

/**
 * The whole API's guarantees, measured from its real routing table (issue 18): every route has a
 * schema for what it reads and an entry in the isolation matrix, and every route that takes the id
 * of something owned refuses every intruder without leaking or changing anything. A route added
 * tomorrow without its entry fails here, not in production.
 */
const inventory = routeInventory();
let t: TestApp;
let w: World;
const tally = { routes: 0, owned: 0, self: 0, open: 0, public: 0, pairs: 0, leakReads: 0, anonymous: 0 };

beforeAll(async () => {
  // With a test clock, so the TEST_CLOCK=1 route is in the inventory too (its intruders refused).
  t = await buildTestApp({ onRoute: inventory.onRoute, withTestClock: true });
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => {
  process.stdout.write(
    `route inventory: ${tally.routes} routes (${tally.owned} owned, ${tally.self} own-account, ${tally.open} open to any signed-in user, ${tally.public} public); ` +
      `${tally.pairs} (route x intruder) pairs refused, ${tally.anonymous} calls without a token refused, ${tally.leakReads} public reads checked for leaks\n`,
  );
  await t?.close();
});

const routes = (): InventoryRoute[] => [...inventory.routes.values()];
const entryOf = (route: InventoryRoute): RouteEntry | undefined => ROUTE_TABLE[route.key];

function send(route: InventoryRoute, call: Call, headers: Record<string, string>) {
  const url = route.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
    encodeURIComponent(call.params?.[name ?? '*'] ?? 'x'),
  );
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return t.app.inject({
    method: route.method as 'GET',
    url: `${url}${query}`,
    headers,
    ...(call.body ? { payload: call.body } : {}),
  });
}

/** The secrets of A's that the request itself did not carry, found in an answer. */
function leaked(body: string, call: Call): string[] {
  const sent = JSON.stringify(call);
  return w.secrets.filter((secret) => !sent.includes(secret) && body.includes(secret));
}

const intrudersOf = (owner: 'seller' | 'buyer' | 'admin'): [string, Record<string, string>][] => {
  const none: [string, Record<string, string>] = ['no token', {}];
  if (owner === 'seller')
    return [
      ['seller B', w.b.auth],
      ['a buyer', w.buyerB.auth],
      ["a forged token of A's", w.forged.sellerA],
      none,
    ];
  if (owner === 'buyer')
    return [
      ['buyer B', w.buyerB.auth],
      ['seller A', w.a.auth],
      ['seller B', w.b.auth],
      ["a forged token of buyer A's", w.forged.buyerA],
      none,
    ];
  return [['seller A', w.a.auth], ['buyer A', w.buyerA.auth], none];
};

describe('the route inventory', () => {
  it('has an entry in the isolation matrix for every route, and a route for every entry', () => {
    tally.routes = routes().length;
    expect(tally.routes).toBeGreaterThan(50);
    const missing = routes()
      .filter((r) => !entryOf(r))
      .map((r) => r.key);
    expect(missing, 'routes without an entry in src/test/route-table.ts').toEqual([]);
    const stale = Object.keys(ROUTE_TABLE).filter((key) => !inventory.routes.has(key));
    expect(stale, 'entries of src/test/route-table.ts that match no route').toEqual([]);
    for (const route of routes()) {
      const kind = entryOf(route)?.kind;
      if (kind) tally[kind] += 1;
    }
  });

  it('has a schema for every input a route reads: its path parameters and the body of a write', () => {
    const gaps = routes()
      .filter((r) => !entryOf(r)?.external)
      .map((r) => ({
        route: r.key,
        missing: missingSchemas(r, entryOf(r)?.noBody === true || !!entryOf(r)?.rawBody),
      }))
      .filter((g) => g.missing.length > 0);
    expect(gaps).toEqual([]);
  });

  it('never calls a route public when its hooks demand a signed-in seller or buyer', () => {
    const wrong = routes()
      .filter(
        (r) => entryOf(r)?.kind === 'public' && r.hookAccess.some((a) => a === 'seller' || a === 'buyer'),
      )
      .map((r) => r.key);
    expect(wrong).toEqual([]);
  });
});

describe('the isolation matrix', () => {
  it('refuses every own-account and signed-in-only route to a caller without a token', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const entry = entryOf(route);
      // Owned routes meet a caller without a token among their intruders below.
      if (entry?.kind !== 'self' && entry?.kind !== 'open') continue;
      const call = entry.kind === 'self' ? (entry.call?.(w) ?? {}) : entry.call(w);
      const res = await send(route, call, {});
      tally.anonymous += 1;
      if (res.statusCode !== 401) failures.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses seller B, buyers and no token on every route that takes A's ids, leaks nothing and changes no row", async () => {
    const before = await databaseSnapshot(t);
    const failures: string[] = [];
    for (const route of routes()) {
      const entry = entryOf(route);
      if (entry?.kind !== 'owned') continue;
      const call = entry.call(w);
      for (const [who, headers] of intrudersOf(entry.owner)) {
        const res = await send(route, call, headers);
        tally.pairs += 1;
        if (![401, 403, 404].includes(res.statusCode) && !entry.batch?.refused(res))
          failures.push(`${route.key} as ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        const secrets = leaked(res.body, call);
        if (secrets.length) failures.push(`${route.key} as ${who} leaked ${secrets.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    const after = await databaseSnapshot(t);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed, 'tables an intruder changed').toEqual([]);
  });

  it("answers seller B's bulk ship of A's order exactly as one of an order that does not exist", async () => {
    const made = '00000000-0000-4000-8000-000000000000';
    const ship = (orderId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/bulk-ship',
        headers: w.b.auth,
        payload: { orderIds: [orderId], carrier: 'GIG Logistics' },
      });
    const [theirs, madeUp] = [await ship(w.a.orderId), await ship(made)];
    expect(theirs.statusCode).toBe(madeUp.statusCode);
    expect(theirs.body.replaceAll(w.a.orderId, made)).toBe(madeUp.body);
  });

  it("shows none of A's private things on A's public pages, to anyone", async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const entry = entryOf(route);
      if (entry?.kind !== 'public' || !entry.leakCheck) continue;
      const call = entry.leakCheck(w);
      for (const [who, headers] of [...intrudersOf('seller'), ['buyer A', w.buyerA.auth] as const]) {
        const res = await send(route, call, { ...headers });
        tally.leakReads += 1;
        if (res.statusCode >= 500) failures.push(`${route.key} as ${who}: ${res.statusCode}`);
        const secrets = leaked(res.body, call);
        if (secrets.length) failures.push(`${route.key} as ${who} leaked ${secrets.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
