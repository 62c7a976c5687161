import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import type { Queryable } from '@/lib/queryable.ts';

export type SellerDeviceRow = {
  device_id: string;
  user_agent: string;
  network: string;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
};

/** The devices a seller is signed in on: queries only, each scoped to one seller. */
export const sellerDevicesRepository = (db: Database) => ({
  db,
  async seen(
    q: Queryable,
    row: {
      sellerId: string;
      deviceId: string;
      userAgent: string;
      network: string;
      tokenVersion: number;
      at: Date;
    },
  ) {
    await q.execute(sql`
      INSERT INTO seller_devices AS d (seller_id, device_id, user_agent, network, token_version, first_seen_at, last_seen_at)
      VALUES (${row.sellerId}, ${row.deviceId}, ${row.userAgent}, ${row.network}, ${row.tokenVersion}, ${row.at}, ${row.at})
      ON CONFLICT (seller_id, device_id) DO UPDATE SET user_agent = EXCLUDED.user_agent, network = EXCLUDED.network,
        token_version = EXCLUDED.token_version, last_seen_at = greatest(d.last_seen_at, EXCLUDED.last_seen_at)`);
  },

  /** Devices seen with the seller's current token version since `since`, most recent first. */
  async active(
    q: Queryable,
    sellerId: string,
    tokenVersion: number,
    since: Date,
  ): Promise<SellerDeviceRow[]> {
    const r = await q.execute<SellerDeviceRow>(sql`
      SELECT device_id, user_agent, network, first_seen_at, last_seen_at FROM seller_devices
      WHERE seller_id = ${sellerId} AND token_version = ${tokenVersion} AND last_seen_at >= ${since}
      ORDER BY last_seen_at DESC LIMIT 50`);
    return r.rows;
  },
});
export type SellerDevicesRepository = ReturnType<typeof sellerDevicesRepository>;
