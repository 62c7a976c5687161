import {
  type CreateSupportTicketBody,
  type CreateSupportTicketResponse,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  SUPPORT_TICKET_STATUS_LABELS,
  SUPPORT_TICKETS_LIMIT,
  SUPPORT_TOPIC_LABELS,
  type SupportTicket,
  type SupportTicketStatus,
  type SupportTicketStatusResponse,
  type SupportTicketsResponse,
} from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { SupportRepository, SupportTicketRow } from '@/modules/support/support.repository.ts';

export const ticketReference = (n: number) => `HLP-${n}`;

const view = (row: SupportTicketRow): SupportTicket => ({
  id: row.id,
  reference: ticketReference(row.number),
  topic: row.topic,
  subject: row.subject,
  message: row.message,
  orderNumber: row.orderNumber,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Support tickets (issue 17). Opening one stores it and queues two e-mails in the same transaction:
 * the ticket to the support desk (reply-to the seller, so support answers by e-mail) and a
 * confirmation to the seller with the reference. SMTP down never loses the ticket or fails the form.
 */
export function supportService(deps: {
  repo: SupportRepository;
  clock: Clock;
  sendMail: (q: Queryable, mail: Mail) => Promise<void>;
  /** Where tickets are e-mailed. */
  supportEmail?: string;
  publicUrl: string;
}) {
  const transaction = transactionsOf(deps.repo.db);
  const supportEmail = deps.supportEmail ?? SUPPORT_EMAIL;

  return {
    async open(sellerId: string, body: CreateSupportTicketBody): Promise<CreateSupportTicketResponse> {
      return transaction(async (tx) => {
        const seller = await deps.repo.sellerContact(tx, sellerId);
        if (!seller) throw new NotFoundError('Seller');
        const now = deps.clock.now();
        const row = await deps.repo.insert(tx, {
          sellerId,
          topic: body.topic,
          subject: body.subject,
          message: body.message,
          orderNumber: body.orderNumber ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const reference = ticketReference(row.number);
        const topic = SUPPORT_TOPIC_LABELS[body.topic];
        const name = `${seller.firstName} ${seller.lastName}`.trim();
        await deps.sendMail(tx, {
          to: supportEmail,
          subject: `[${reference}] ${topic}: ${body.subject}`,
          text: [
            `Seller: ${name} <${seller.email}>, ${seller.phoneNumber}`,
            `Store: ${seller.storeName} (seller id ${sellerId})`,
            `Topic: ${topic}`,
            ...(body.orderNumber ? [`Order: ${body.orderNumber}`] : []),
            `Opened: ${now.toISOString()}`,
            '',
            body.message,
          ].join('\n'),
        });
        await deps.sendMail(tx, {
          to: seller.email,
          subject: `We got your question (${reference})`,
          text: [
            `Hello ${seller.firstName},`,
            '',
            `Thank you for writing to ${PRODUCT_NAME} support. Your ticket ${reference} ("${body.subject}") is open, and a member of our team will reply to this e-mail address, usually within one working day (Monday to Saturday, 8am to 8pm Lagos time).`,
            '',
            `You can see your tickets and their status at ${deps.publicUrl}/dashboard/help.`,
            '',
            `${PRODUCT_NAME} Seller Support`,
          ].join('\n'),
        });
        return { message: `Ticket ${reference} sent. We have e-mailed you a copy.`, ticket: view(row) };
      });
    },

    async list(sellerId: string): Promise<SupportTicketsResponse> {
      const rows = await deps.repo.list(deps.repo.db, sellerId, SUPPORT_TICKETS_LIMIT);
      return { tickets: rows.map(view) };
    },

    /** The support desk's status change (the operator command); the seller sees it in their list. */
    async setStatus(reference: string, status: SupportTicketStatus): Promise<SupportTicketStatusResponse> {
      const number = Number(reference.replace(/^HLP-/, ''));
      const row = await deps.repo.setStatus(deps.repo.db, number, status, deps.clock.now());
      if (!row) throw new NotFoundError('Ticket');
      return {
        message: `${reference} is now ${SUPPORT_TICKET_STATUS_LABELS[status].toLowerCase()}`,
        ticket: view(row),
      };
    },

    async get(sellerId: string, id: string): Promise<SupportTicket> {
      const row = await deps.repo.byId(deps.repo.db, sellerId, id);
      if (!row) throw new NotFoundError('Ticket');
      return view(row);
    },
  };
}
export type SupportService = ReturnType<typeof supportService>;
