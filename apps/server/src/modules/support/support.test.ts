import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SUPPORT_EMAIL } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@/cli/admin.ts';
import { supportTickets } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const open = (auth: Auth | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: auth ?? {}, payload });
const list = (auth: Auth | undefined) =>
  t.app.inject({ method: 'GET', url: '/api/support/tickets', headers: auth ?? {} });

const question = {
  topic: 'payouts',
  subject: 'My payout has not arrived',
  message: 'I asked for a payout of ₦25,000 yesterday and it still says processing.',
  orderNumber: 'ksw-100234',
};

describe('POST /api/support/tickets', () => {
  it('stores the ticket, answers its HLP reference, and e-mails support and the seller in the queue', async () => {
    const a = await sellerWithToken(t);
    t.mailer.sent.length = 0;
    const res = await open(a.auth, question);
    expect(res.statusCode, res.body).toBe(201);
    const { ticket, message } = res.json();
    expect(ticket).toMatchObject({
      topic: 'payouts',
      subject: 'My payout has not arrived',
      orderNumber: 'KSW-100234',
      status: 'open',
    });
    expect(ticket.reference).toMatch(/^HLP-\d{6}$/);
    expect(message).toBe(`Ticket ${ticket.reference} sent. We have e-mailed you a copy.`);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row?.sellerId).toBe(a.seller.id);

    // Queued in the ticket's transaction, delivered by the worker.
    expect(t.mailer.sent).toHaveLength(0);
    await t.jobs.runDue();
    const toSupport = t.mailer.sent.find((m) => m.to === SUPPORT_EMAIL);
    const toSeller = t.mailer.sent.find((m) => m.to === a.seller.email);
    expect(toSupport?.subject).toBe(`[${ticket.reference}] Earnings and payouts: My payout has not arrived`);
    expect(toSupport?.text).toContain(a.seller.email);
    expect(toSupport?.text).toContain('Order: KSW-100234');
    expect(toSupport?.text).toContain('it still says processing');
    expect(toSeller?.subject).toBe(`We got your question (${ticket.reference})`);
    expect(toSeller?.text).toContain('/dashboard/help');
  });

  it('refuses bad input with 400 and a message, storing nothing and sending nothing', async () => {
    const a = await sellerWithToken(t);
    for (const bad of [
      { ...question, topic: 'refund-me' },
      { ...question, subject: 'Hi' },
      { ...question, message: 'Too short' },
      { ...question, orderNumber: '100234' },
      { ...question, subject: 'Line\nbreak' },
      { ...question, extra: true },
    ]) {
      const res = await open(a.auth, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const rows = await t.db.select().from(supportTickets).where(eq(supportTickets.sellerId, a.seller.id));
    expect(rows).toHaveLength(0);
  });

  it('needs a signed-in seller', async () => {
    expect((await open(undefined, question)).statusCode).toBe(401);
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('stops a seller after ten tickets an hour with 429', async () => {
    const a = await sellerWithToken(t);
    for (let i = 0; i < 10; i++) expect((await open(a.auth, question)).statusCode).toBe(201);
    const res = await open(a.auth, question);
    expect(res.statusCode).toBe(429);
    // Another seller's budget is their own.
    const b = await sellerWithToken(t);
    expect((await open(b.auth, question)).statusCode).toBe(201);
  });
});

describe('GET /api/support/tickets', () => {
  it("lists only the seller's own tickets, newest first, with their status", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const first = (await open(a.auth, { ...question, subject: 'First question' })).json().ticket;
    t.clock.advance(60_000);
    const second = (await open(a.auth, { ...question, subject: 'Second question' })).json().ticket;
    const bTicket = (await open(b.auth, { ...question, subject: "B's question" })).json().ticket;
    await t.db.update(supportTickets).set({ status: 'answered' }).where(eq(supportTickets.id, first.id));

    const res = await list(a.auth);
    expect(res.statusCode).toBe(200);
    const tickets = res.json().tickets as { id: string; status: string }[];
    expect(tickets.map((x) => x.id)).toEqual([second.id, first.id]);
    expect(tickets[1]?.status).toBe('answered');
    expect(res.body).not.toContain(bTicket.id);
    expect(res.body).not.toContain("B's question");
  });

  it("answers 404 for another seller's ticket, as for one that does not exist", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const ticket = (await open(a.auth, question)).json().ticket;
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${ticket.id}`,
      headers: a.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(ticket.id);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${ticket.id}`,
      headers: b.auth,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Ticket not found' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/support/tickets/not-a-uuid',
      headers: a.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/admin/support/tickets/:reference (npm run admin -- ticket)', () => {
  const setStatus = (reference: string, status: string, token = t.adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/support/tickets/${reference}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { status },
    });

  it("moves a ticket's status, which the seller then sees in their list", async () => {
    const a = await sellerWithToken(t);
    const ticket = (await open(a.auth, question)).json().ticket;
    t.clock.advance(3_600_000);
    const res = await setStatus(ticket.reference.toLowerCase(), 'answered');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`${ticket.reference} is now answered`);
    const listed = (await list(a.auth)).json().tickets[0];
    expect(listed).toMatchObject({ id: ticket.id, status: 'answered' });
    expect(new Date(listed.updatedAt).getTime()).toBeGreaterThan(new Date(ticket.updatedAt).getTime());
  });

  it('refuses a seller, a wrong token, an unknown ticket and a bad status', async () => {
    const a = await sellerWithToken(t);
    const ticket = (await open(a.auth, question)).json().ticket;
    expect((await setStatus(ticket.reference, 'closed', a.token)).statusCode).toBe(401);
    expect((await setStatus('HLP-999999', 'closed')).statusCode).toBe(404);
    expect((await setStatus(ticket.reference, 'resolved')).statusCode).toBe(400);
    expect((await setStatus('100001', 'closed')).statusCode).toBe(400);
    expect((await list(a.auth)).json().tickets[0].status).toBe('open');
  });
});

describe('npm run admin -- ticket', () => {
  it('sets the status through the running server, and explains a missing argument', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-ticket-'));
    try {
      await fs.writeFile(path.join(dataDir, 'admin-token'), `${t.adminToken}\n`, { mode: 0o600 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const env = {
        PORT: String(typeof address === 'object' && address ? address.port : 0),
        DATA_DIR: dataDir,
      };
      const a = await sellerWithToken(t);
      const ticket = (await open(a.auth, question)).json().ticket;
      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
      expect(await runAdmin(['ticket', ticket.reference, 'closed'], env, io)).toBe(0);
      expect(out).toEqual([`${ticket.reference} is now closed`]);
      expect((await list(a.auth)).json().tickets[0].status).toBe('closed');
      expect(await runAdmin(['ticket', ticket.reference], env, io)).toBe(1);
      expect(err[0]).toMatch(/^Give the ticket's reference and its new status/);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
