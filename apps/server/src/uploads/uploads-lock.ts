import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';

/** Anything that runs a statement inside the caller's transaction. */
type InTransaction = Pick<Database, 'execute'>;

/**
 * The first half of the advisory lock key of "a seller's uploads" ("upld"); the second half is a
 * hash of the seller id. A hash may be shared by two sellers: they then merely wait on each other.
 */
export const UPLOADS_LOCK_CLASS = 0x7570_6c64;

/**
 * Taken (shared) by every write that makes a row name an uploaded file — a product's photos, a
 * show's cover, video and product pictures — before it checks the files exist, in the transaction
 * that writes the row. The upload sweeper takes it exclusively while it checks that its files are
 * still named nowhere and deletes them. So a file is either found named by a committed row, or the
 * write checks for it after it is gone and refuses ("upload it again"): never a row naming a
 * deleted file. Writes of different sellers, and of one seller, do not wait on each other.
 */
export async function holdSellerUploads(tx: InTransaction, sellerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${UPLOADS_LOCK_CLASS}, hashtext(${sellerId}))`);
}

/** The sweeper's side of holdSellerUploads: waits for the seller's writes in flight to commit. */
export async function lockSellerUploadsForSweep(tx: InTransaction, sellerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOADS_LOCK_CLASS}, hashtext(${sellerId}))`);
}
