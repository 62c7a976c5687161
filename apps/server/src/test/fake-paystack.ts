import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '@/modules/payments/webhook-events.ts';

type Transaction = {
  id: number;
  reference: string;
  amount: number;
  email: string;
  callbackUrl: string | null;
  metadata: unknown;
  accessCode: string;
  status: 'abandoned' | 'success' | 'failed';
  paidAt: string | null;
};

type Refund = {
  id: number;
  transactionId: number;
  reference: string;
  amount: number;
  status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
  merchantNote: string | null;
  createdAt: string;
};

export type FakePaystack = {
  /** Every refund created, by id. */
  refunds: Map<number, Refund>;
  /**
   * How the next POST /refund calls go, one entry each (then normal): `down` refuses with a 500
   * and creates nothing; `lost` creates the refund but answers a 500, as when the answer is lost on
   * the way back (the case a blind retry would refund twice); `hang` creates it and never answers
   * (so a test can kill the caller in between; `releaseHanging` ends those calls).
   */
  refundFaults: Array<'down' | 'lost' | 'hang'>;
  /** Ends the calls `hang` left open (their callers see the connection dropped). */
  releaseHanging: () => void;
  /** A `refund.<status>` delivery for a refund, signed with the secret key (amount as a string, as in Paystack's samples). */
  refundWebhook: (
    refundId: number,
    status: Refund['status'],
  ) => { body: string; headers: Record<string, string> };
  /** Posts a refund delivery to `url`; `signature` replaces the real one (null: none). */
  sendRefundWebhook: (
    url: string,
    refundId: number,
    status: Refund['status'],
    options?: { signature?: string | null },
  ) => Promise<number>;
  /** Give this as PAYSTACK_BASE_URL. */
  baseUrl: string;
  secretKey: string;
  /** Every initialized transaction, by reference. */
  transactions: Map<string, Transaction>;
  /** Calls received, `METHOD path`, for asserting what the adapter sent. */
  calls: string[];
  /** The buyer pays on the checkout page: the transaction succeeds (with another amount, if given). */
  pay: (reference: string, options?: { amountKobo?: number }) => void;
  /** The `charge.success` delivery Paystack would send for a paid reference, signed with the secret key. */
  chargeSuccessWebhook: (reference: string) => { body: string; headers: Record<string, string> };
  /** Posts that delivery to `url`; `tamper` changes the body after signing, `signature` replaces it. */
  sendWebhook: (
    url: string,
    reference: string,
    options?: { tamper?: boolean; signature?: string | null },
  ) => Promise<number>;
  stop: () => Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const refuse = (res: ServerResponse, status: number, message: string, code: string) =>
  json(res, status, {
    status: false,
    message,
    meta: { nextStep: 'Check the request' },
    type: 'validation_error',
    code,
  });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for Paystack's API on a free local port (no real cloud is reachable from tests),
 * speaking the documented shapes (/work/shared/providers/paystack.md): Bearer secret-key auth, the
 * `{ status, message, data }` envelope, kobo amounts, unique references, and `charge.success`
 * webhooks signed HMAC-SHA512 over the body with the secret key. A fresh transaction verifies as
 * `abandoned`, as Paystack's does until the customer completes it.
 */
export async function startFakePaystack(
  secretKey = `sk_test_${randomBytes(20).toString('hex')}`,
  /** 0: any free port. */
  listenPort = 0,
): Promise<FakePaystack> {
  const transactions = new Map<string, Transaction>();
  const refunds = new Map<number, Refund>();
  const refundFaults: Array<'down' | 'lost' | 'hang'> = [];
  const hanging: ServerResponse[] = [];
  const calls: string[] = [];
  let nextId = 4_099_260_516;
  let nextRefundId = 3_018_284;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    if (url.pathname.startsWith('/checkout/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Paystack checkout (fake)</title>');
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return json(res, 401, {
        status: false,
        message: 'Invalid key',
        type: 'api_error',
        code: 'invalid_key',
      });
    }
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return refuse(res, 400, 'Invalid JSON', 'invalid_params');
      }
      const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount;
      if (typeof body.email !== 'string' || !body.email.includes('@'))
        return refuse(res, 400, 'Invalid Email Address Passed', 'invalid_params');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        return refuse(res, 400, 'Invalid Amount Sent', 'invalid_params');
      const reference = typeof body.reference === 'string' ? body.reference : randomBytes(6).toString('hex');
      if (!/^[A-Za-z0-9.=-]+$/.test(reference))
        return refuse(res, 400, 'Invalid reference', 'invalid_params');
      if (transactions.has(reference))
        return refuse(res, 400, 'Duplicate Transaction Reference', 'duplicate_reference');
      const accessCode = randomBytes(8).toString('hex');
      transactions.set(reference, {
        id: nextId++,
        reference,
        amount,
        email: body.email,
        callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
        metadata: body.metadata ?? null,
        accessCode,
        status: 'abandoned',
        paidAt: null,
      });
      const address = server.address() as AddressInfo;
      return json(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `http://127.0.0.1:${address.port}/checkout/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify?.[1]) {
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return refuse(res, 400, 'Transaction reference not found', 'transaction_not_found');
      return json(res, 200, { status: true, message: 'Verification successful', data: transactionData(tx) });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return refuse(res, 400, 'Invalid JSON', 'invalid_params');
      }
      const fault = refundFaults.shift();
      if (fault === 'down') return json(res, 500, { status: false, message: 'Service unavailable' });
      const key = String(body.transaction ?? '');
      const tx = [...transactions.values()].find((t) => t.reference === key || String(t.id) === key);
      if (!tx) return refuse(res, 400, 'Transaction not found', 'transaction_not_found');
      if (tx.status !== 'success') return refuse(res, 400, 'Transaction has not been paid', 'invalid_params');
      const refunded = [...refunds.values()]
        .filter((r) => r.transactionId === tx.id && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? tx.amount - refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0)
        return refuse(res, 400, 'Invalid Amount Sent', 'invalid_params');
      if (amount > tx.amount - refunded)
        return refuse(res, 400, 'Refund amount cannot be greater than transaction amount', 'invalid_params');
      const refund: Refund = {
        id: nextRefundId++,
        transactionId: tx.id,
        reference: tx.reference,
        amount,
        status: 'pending',
        merchantNote: typeof body.merchant_note === 'string' ? body.merchant_note : null,
        createdAt: new Date().toISOString(),
      };
      refunds.set(refund.id, refund);
      if (fault === 'lost') return json(res, 500, { status: false, message: 'Gateway timeout' });
      if (fault === 'hang') {
        hanging.push(res);
        return;
      }
      return json(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          ...refundData(refund),
          transaction: transactionData(tx),
          deducted_amount: 0,
          fully_deducted: false,
          expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        },
      });
    }
    if (req.method === 'GET' && url.pathname === '/refund') {
      const byTransaction = url.searchParams.get('transaction');
      const from = url.searchParams.get('from');
      const list = [...refunds.values()].filter(
        (r) =>
          (!byTransaction || String(r.transactionId) === byTransaction) &&
          (!from || r.createdAt >= new Date(from).toISOString()),
      );
      return json(res, 200, {
        status: true,
        message: 'Refunds retrieved',
        data: list.map(refundData),
        meta: { total: list.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 },
      });
    }
    const fetchRefund = /^\/refund\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && fetchRefund?.[1]) {
      const refund = refunds.get(Number(fetchRefund[1]));
      if (!refund) return refuse(res, 404, 'Refund not found', 'not_found');
      return json(res, 200, { status: true, message: 'Refund retrieved', data: refundData(refund) });
    }
    return refuse(res, 404, 'Not found', 'not_found');
  });

  const refundData = (r: Refund) => ({
    id: r.id,
    integration: 428_626,
    domain: 'test',
    transaction: r.transactionId,
    dispute: null,
    amount: r.amount,
    currency: 'NGN',
    channel: 'card',
    status: r.status,
    merchant_note: r.merchantNote,
    customer_note: null,
    refunded_by: 'api@kasuwa.ng',
    createdAt: r.createdAt,
  });

  const refundWebhook = (refundId: number, status: Refund['status']) => {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`refund ${refundId} does not exist`);
    refund.status = status;
    const body = JSON.stringify({
      event: `refund.${status}`,
      data: {
        status,
        transaction_reference: refund.reference,
        refund_reference: null,
        amount: String(refund.amount),
        currency: 'NGN',
        processor: 'mpgs_zenith',
        customer: { first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com' },
        integration: 428_626,
        domain: 'test',
        ...(status === 'needs-attention' ? { id: refund.id, customer_note: null, merchant_note: null } : {}),
      },
    });
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(secretKey, body) },
    };
  };

  const transactionData = (tx: Transaction) => ({
    id: tx.id,
    domain: 'test',
    status: tx.status,
    reference: tx.reference,
    amount: tx.amount,
    currency: 'NGN',
    paid_at: tx.paidAt,
    paidAt: tx.paidAt,
    channel: 'card',
    gateway_response: tx.status === 'success' ? 'Successful' : 'The transaction was not completed',
    fees: tx.status === 'success' ? Math.min(Math.round(tx.amount * 0.015), 200_000) : null,
    metadata: tx.metadata ?? '',
    customer: { email: tx.email, customer_code: 'CUS_fake' },
  });

  const chargeSuccessWebhook = (reference: string) => {
    const tx = transactions.get(reference);
    if (tx?.status !== 'success') throw new Error(`${reference} is not paid`);
    const body = JSON.stringify({ event: 'charge.success', data: transactionData(tx) });
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
    transactions,
    refunds,
    refundFaults,
    releaseHanging: () => {
      for (const r of hanging.splice(0)) r.destroy();
    },
    refundWebhook,
    async sendRefundWebhook(url, refundId, status, options = {}) {
      const { body, headers } = refundWebhook(refundId, status);
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
    calls,
    pay(reference, options = {}) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`${reference} was never initialized`);
      tx.status = 'success';
      tx.amount = options.amountKobo ?? tx.amount;
      tx.paidAt = new Date().toISOString();
    },
    chargeSuccessWebhook,
    async sendWebhook(url, reference, options = {}) {
      const { body, headers } = chargeSuccessWebhook(reference);
      const sent = options.tamper ? body.replace(/"amount":(\d+)/, '"amount":1') : body;
      const { 'x-paystack-signature': signature, ...rest } = headers;
      const sign = options.signature === undefined ? signature : options.signature;
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...rest, ...(sign === null ? {} : { 'x-paystack-signature': sign }) },
        body: sent,
      });
      await res.arrayBuffer();
      return res.status;
    },
    stop: async () => {
      for (const r of hanging.splice(0)) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
