import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NIGERIAN_BANKS } from '@kasuwa/contracts';
import { signWebhook } from '@/modules/payments/webhook-events.ts';

export type FakeTransfer = {
  id: number;
  reference: string;
  amount: number;
  recipient: string;
  reason: string | null;
  transferCode: string;
  status: 'pending' | 'success' | 'failed' | 'reversed' | 'otp';
  failures: string | null;
  createdAt: string;
  transferredAt: string | null;
};

type Recipient = { id: number; code: string; name: string; accountNumber: string; bankCode: string };

/**
 * What POST /transfer does with a request it accepted: `answer` (the default), `error500` (records
 * the transfer, then answers 500: the ambiguous failure), `hang` (records it and never answers, so
 * a test can kill the caller in between).
 */
export type TransferMode = 'answer' | 'error500' | 'hang';

export type FakePaystackTransfers = {
  /** Give this as PAYSTACK_BASE_URL. */
  baseUrl: string;
  secretKey: string;
  /** Transfers created, by our reference. */
  transfers: Map<string, FakeTransfer>;
  recipients: Recipient[];
  /** Calls received, `METHOD path`. */
  calls: string[];
  /** The name GET /bank/resolve answers for an account; unknown accounts are refused (422). */
  addAccount: (bankCode: string, accountNumber: string, accountName: string) => void;
  /** The status a new transfer gets: `pending` (live mode) or `success` (test mode). */
  setNewTransferStatus: (status: 'pending' | 'success') => void;
  setTransferMode: (mode: TransferMode) => void;
  /** Resolves when POST /transfer has been received this many times in all. */
  transferRequests: (count: number) => Promise<void>;
  /** Paystack settles a transfer later: the status verify answers and the webhook carries. */
  settle: (reference: string, status: 'success' | 'failed' | 'reversed', failures?: string) => void;
  /** The signed delivery Paystack would send for a transfer (`transfer.success` / `.failed` / `.reversed`). */
  transferWebhook: (reference: string) => { body: string; headers: Record<string, string> };
  /** Posts that delivery to `url`; `signature` replaces the real one (null: none). */
  sendTransferWebhook: (
    url: string,
    reference: string,
    options?: { signature?: string | null },
  ) => Promise<number>;
  stop: () => Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const refuse = (res: ServerResponse, status: number, message: string, code = 'invalid_params') =>
  json(res, status, {
    status: false,
    message,
    meta: { nextStep: 'Check the request' },
    type: 'validation_error',
    code,
  });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Paystack's documented reference rule for transfers: lowercase letters, digits, - and _, 16 or more. */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,100}$/;

/**
 * A stand-in for Paystack's bank and transfer API on a free local port, in the shapes of
 * /work/shared/providers/paystack.md §4 and §2: `GET /bank?currency=NGN` (cursor pages),
 * `GET /bank/resolve`, `POST /transferrecipient` (type nuban), `POST /transfer` (source balance,
 * kobo, our reference; a duplicate reference is refused), `GET /transfer/verify/:reference`
 * ("Transfer not found" 404 for one never created), and `transfer.*` webhooks signed HMAC-SHA512
 * over the body with the secret key.
 */
export async function startFakePaystackTransfers(
  secretKey = `sk_test_${randomBytes(20).toString('hex')}`,
  /** 0: any free port. */
  listenPort = 0,
): Promise<FakePaystackTransfers> {
  const transfers = new Map<string, FakeTransfer>();
  const recipients: Recipient[] = [];
  const accounts = new Map<string, string>();
  const calls: string[] = [];
  const hanging: ServerResponse[] = [];
  let transferPosts = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  let newStatus: 'pending' | 'success' = 'pending';
  let mode: TransferMode = 'answer';
  let nextId = 51_000_000;

  const banks = NIGERIAN_BANKS.map((b, i) => ({
    id: 1000 + i,
    name: b.name,
    slug: b.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    code: b.code,
    longcode: '',
    gateway: b.kind === 'commercial' ? 'emandate' : null,
    pay_with_bank: false,
    active: true,
    is_deleted: false,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    createdAt: '2016-07-14T10:04:29.000Z',
    updatedAt: '2026-02-18T10:04:29.000Z',
  }));

  const transferData = (t: FakeTransfer) => {
    const r = recipients.find((x) => x.code === t.recipient);
    return {
      amount: t.amount,
      createdAt: t.createdAt,
      currency: 'NGN',
      domain: 'test',
      failures: t.failures,
      id: t.id,
      integration: { id: 463_433, is_live: false, business_name: 'Kasuwa (fake)' },
      reason: t.reason,
      reference: t.reference,
      source: 'balance',
      source_details: null,
      status: t.status,
      titan_code: null,
      transfer_code: t.transferCode,
      transferred_at: t.transferredAt,
      updatedAt: t.createdAt,
      recipient: {
        active: true,
        currency: 'NGN',
        domain: 'test',
        id: r?.id ?? 0,
        name: r?.name ?? '',
        recipient_code: t.recipient,
        type: 'nuban',
        details: {
          account_number: r?.accountNumber ?? '',
          account_name: r?.name ?? null,
          bank_code: r?.bankCode ?? '',
          bank_name: banks.find((b) => b.code === r?.bankCode)?.name ?? '',
        },
      },
      session: { provider: 'nip', id: t.status === 'success' ? `0900${t.id}` : null },
      fee_charged: t.amount <= 500_000 ? 1000 : t.amount <= 5_000_000 ? 2500 : 5000,
    };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return json(res, 401, {
        status: false,
        message: 'Invalid key',
        type: 'api_error',
        code: 'invalid_key',
      });
    }
    if (req.method === 'GET' && url.pathname === '/bank') {
      if (url.searchParams.get('currency') !== 'NGN' && url.searchParams.get('country') !== 'nigeria')
        return refuse(res, 400, 'Invalid currency');
      const perPage = Number(url.searchParams.get('perPage') ?? 50);
      const start = Number(url.searchParams.get('next') ?? 0);
      const page = banks.slice(start, start + perPage);
      const next = start + perPage < banks.length ? String(start + perPage) : null;
      return json(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: page,
        meta: { next, previous: start > 0 ? String(Math.max(0, start - perPage)) : null, perPage },
      });
    }
    if (req.method === 'GET' && url.pathname === '/bank/resolve') {
      const accountNumber = url.searchParams.get('account_number') ?? '';
      const bankCode = url.searchParams.get('bank_code') ?? '';
      const name = accounts.get(`${bankCode}:${accountNumber}`);
      if (!name) return refuse(res, 422, 'Could not resolve account name. Check parameters or try again.');
      return json(res, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: accountNumber, account_name: name, bank_id: 9 },
      });
    }
    if (req.method === 'POST' && url.pathname === '/transferrecipient') {
      const body = await readJson(req);
      if (!body) return refuse(res, 400, 'Invalid JSON');
      if (body.type !== 'nuban') return refuse(res, 400, 'Invalid recipient type');
      const accountNumber = String(body.account_number ?? '');
      const bankCode = String(body.bank_code ?? '');
      if (typeof body.name !== 'string' || !body.name) return refuse(res, 400, 'Name is required');
      if (!banks.some((b) => b.code === bankCode)) return refuse(res, 400, 'Bank code is invalid');
      if (!/^\d{10}$/.test(accountNumber)) return refuse(res, 400, 'Account number is invalid');
      // Paystack answers the same recipient for an account it already has.
      let r = recipients.find((x) => x.accountNumber === accountNumber && x.bankCode === bankCode);
      if (!r) {
        r = {
          id: nextId++,
          code: `RCP_${randomBytes(8).toString('hex')}`,
          name: body.name,
          accountNumber,
          bankCode,
        };
        recipients.push(r);
      }
      return json(res, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: {
          active: true,
          createdAt: new Date().toISOString(),
          currency: 'NGN',
          domain: 'test',
          id: r.id,
          integration: 463_433,
          name: r.name,
          recipient_code: r.code,
          type: 'nuban',
          updatedAt: new Date().toISOString(),
          is_deleted: false,
          details: {
            authorization_code: null,
            account_number: accountNumber,
            account_name: accounts.get(`${bankCode}:${accountNumber}`) ?? null,
            bank_code: bankCode,
            bank_name: banks.find((b) => b.code === bankCode)?.name ?? '',
          },
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/transfer') {
      transferPosts++;
      for (const w of waiters.filter((x) => transferPosts >= x.count)) w.resolve();
      const body = await readJson(req);
      if (!body) return refuse(res, 400, 'Invalid JSON');
      if (body.source !== 'balance') return refuse(res, 400, 'Invalid source');
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        return refuse(res, 400, 'Invalid amount');
      const recipient = String(body.recipient ?? '');
      if (!recipients.some((r) => r.code === recipient))
        return refuse(res, 400, 'Recipient specified is invalid');
      const reference = String(body.reference ?? '');
      if (!TRANSFER_REFERENCE.test(reference))
        return refuse(res, 400, 'Your reference contains illegal special characters');
      if (transfers.has(reference))
        return refuse(res, 400, 'Duplicate Transfer Reference', 'duplicate_reference');
      const now = new Date().toISOString();
      const t: FakeTransfer = {
        id: nextId++,
        reference,
        amount,
        recipient,
        reason: typeof body.reason === 'string' ? body.reason : null,
        transferCode: `TRF_${randomBytes(8).toString('hex')}`,
        status: newStatus,
        failures: null,
        createdAt: now,
        transferredAt: newStatus === 'success' ? now : null,
      };
      transfers.set(reference, t);
      if (mode === 'hang') {
        hanging.push(res);
        return;
      }
      if (mode === 'error500') return json(res, 500, { status: false, message: 'An error occurred' });
      return json(res, 200, {
        status: true,
        message: newStatus === 'success' ? 'Transfer has been queued' : 'Transfer has been queued',
        data: {
          integration: 463_433,
          domain: 'test',
          amount: t.amount,
          currency: 'NGN',
          source: 'balance',
          reason: t.reason,
          recipient: recipients.find((r) => r.code === recipient)?.id ?? 0,
          status: t.status,
          transfer_code: t.transferCode,
          reference: t.reference,
          id: t.id,
          createdAt: t.createdAt,
          updatedAt: t.createdAt,
        },
      });
    }
    const verify = /^\/transfer\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify?.[1]) {
      const t = transfers.get(decodeURIComponent(verify[1]));
      if (!t) return refuse(res, 404, 'Transfer not found', 'not_found');
      return json(res, 200, { status: true, message: 'Transfer retrieved', data: transferData(t) });
    }
    return refuse(res, 404, 'Not found', 'not_found');
  });

  const transferWebhook = (reference: string) => {
    const t = transfers.get(reference);
    if (!t || t.status === 'pending' || t.status === 'otp') throw new Error(`${reference} is not settled`);
    const body = JSON.stringify({ event: `transfer.${t.status}`, data: transferData(t) });
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(secretKey, body) },
    };
  };

  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    transfers,
    recipients,
    calls,
    addAccount: (bankCode, accountNumber, accountName) => {
      accounts.set(`${bankCode}:${accountNumber}`, accountName);
    },
    setNewTransferStatus: (status) => {
      newStatus = status;
    },
    setTransferMode: (m) => {
      mode = m;
    },
    transferRequests: (count) =>
      transferPosts >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    settle(reference, status, failures) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`${reference} was never created`);
      t.status = status;
      t.failures = failures ?? null;
      if (status === 'success') t.transferredAt = new Date().toISOString();
    },
    transferWebhook,
    async sendTransferWebhook(url, reference, options = {}) {
      const { body, headers } = transferWebhook(reference);
      const { 'x-paystack-signature': signature, ...rest } = headers;
      const sign = options.signature === undefined ? signature : options.signature;
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...rest, ...(sign === null ? {} : { 'x-paystack-signature': sign }) },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    },
    stop: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
