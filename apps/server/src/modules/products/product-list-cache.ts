import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellers } from '@/db/schema/index.ts';

export type ProductListCacheOptions = {
  /** Bytes of cached answers one node keeps (their JSON length); 0 turns the cache off. */
  maxBytes?: number;
};

type Entry = { version: number; vacationMode: boolean; json: string };

/**
 * The answers of a seller's product lists (`/products/seller/{id}`, `/search`, `/auctions`) kept by
 * each node, as the JSON it sent, against the seller's `catalogue_version`: a bigint that statement
 * triggers on products bump with every insert, update and delete of that seller's products
 * (migration 0008). A request whose answer is cached costs one primary-key read of the seller (the
 * version and the vacation mode, the one field of an answer that is not a product's) instead of the
 * list's statement; any change to the catalogue, from any node or straight in SQL, makes every
 * cached answer of that seller a miss. Many buyers opening the same store page during a live show,
 * and a seller turning the pages of a search, ask the same question again and again.
 *
 * Entries are keyed by the route, the seller, whether the viewer is the owner (who also sees drafts
 * and archived products) and the validated query; least recently used answers go first once
 * `maxBytes` is reached.
 */
export function productListCache(
  db: Database,
  { maxBytes = 16 * 1024 * 1024 }: ProductListCacheOptions = {},
) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const counters = { hits: 0, misses: 0 };
  const readSeller = db
    .select({ version: sellers.catalogueVersion, vacationMode: sellers.vacationMode })
    .from(sellers)
    .where(eq(sellers.id, sql.placeholder('seller')))
    .limit(1)
    .prepare('product_list_cache_seller');

  function forget(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.json.length;
  }

  function keep(key: string, entry: Entry) {
    forget(key);
    if (entry.json.length > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.json.length;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  return {
    /**
     * The JSON answer for `key`: the cached one while the seller's catalogue and vacation mode are as
     * they were when it was made, else `compute()`'s (the lists' service writes it), kept. The seller is read before the
     * answer is computed, so a change committed meanwhile leaves the entry under an older version:
     * it is never served.
     */
    async answer(key: string, sellerId: string, compute: () => Promise<string>): Promise<string> {
      if (maxBytes <= 0) return compute();
      const [seller] = await readSeller.execute({ seller: sellerId });
      const cached = entries.get(key);
      if (
        seller &&
        cached &&
        cached.version === seller.version &&
        cached.vacationMode === seller.vacationMode
      ) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, cached);
        counters.hits++;
        return cached.json;
      }
      counters.misses++;
      const json = await compute();
      if (seller) keep(key, { version: seller.version, vacationMode: seller.vacationMode, json });
      else forget(key);
      return json;
    },

    /** Hits and misses since start, and what is kept (for tests and the operator). */
    stats() {
      return { ...counters, entries: entries.size, bytes };
    },
  };
}
export type ProductListCache = ReturnType<typeof productListCache>;
