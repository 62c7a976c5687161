import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellers, supportTickets } from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type NewSupportTicket = Omit<typeof supportTickets.$inferInsert, 'id' | 'number'>;

/** Queries only: the seller's tickets, always filtered by the seller. */
export const supportRepository = (db: Database) => ({
  db,
  async sellerContact(q: Queryable, sellerId: string) {
    const [row] = await q
      .select({
        email: sellers.email,
        firstName: sellers.firstName,
        lastName: sellers.lastName,
        storeName: sellers.storeName,
        phoneNumber: sellers.phoneNumber,
      })
      .from(sellers)
      .where(eq(sellers.id, sellerId));
    return row ?? null;
  },
  async insert(q: Queryable, ticket: NewSupportTicket): Promise<SupportTicketRow> {
    const [row] = await q.insert(supportTickets).values(ticket).returning();
    if (!row) throw new Error('support ticket not inserted');
    return row;
  },
  list(q: Queryable, sellerId: string, limit: number): Promise<SupportTicketRow[]> {
    return q
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.sellerId, sellerId))
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.number))
      .limit(limit);
  },
  async setStatus(
    q: Queryable,
    number: number,
    status: SupportTicketRow['status'],
    at: Date,
  ): Promise<SupportTicketRow | null> {
    const [row] = await q
      .update(supportTickets)
      .set({ status, updatedAt: at })
      .where(eq(supportTickets.number, number))
      .returning();
    return row ?? null;
  },
  async byId(q: Queryable, sellerId: string, id: string): Promise<SupportTicketRow | null> {
    const [row] = await q
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, id), eq(supportTickets.sellerId, sellerId)));
    return row ?? null;
  },
});
export type SupportRepository = ReturnType<typeof supportRepository>;
