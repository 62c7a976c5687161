import { z } from 'zod';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefundStatus,
  type VerifiedPayment,
} from '@/modules/payments/payment-provider.ts';
import { verifySignedEvent } from '@/modules/payments/webhook-events.ts';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

// Every Paystack answer: `status` says whether the call worked; the transaction's state is in data.
const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  code: z.string().optional(),
  data: z.unknown(),
});
const initializeData = z.object({ authorization_url: z.string().url(), reference: z.string().optional() });
const kobo = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const refundData = z.object({ id: z.union([z.number(), z.string()]), status: z.string() });
const listedRefund = z.object({
  id: z.union([z.number(), z.string()]),
  amount: kobo,
  status: z.string(),
  // The list names the transaction by id; some answers nest the whole transaction instead.
  transaction: z.union([
    z.number(),
    z.string(),
    z.object({ id: z.union([z.number(), z.string()]).optional(), reference: z.string().optional() }),
  ]),
});
const transactionId = z.object({ id: z.union([z.number(), z.string()]) });

/** Paystack's refund states folded into ours: only `processed` and `failed` are final. */
export function refundStatusOf(paystackStatus: string): ProviderRefundStatus {
  if (paystackStatus === 'processed') return 'processed';
  if (paystackStatus === 'failed') return 'failed';
  return 'pending';
}

const verifyData = z.object({
  status: z.string(),
  reference: z.string(),
  amount: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  currency: z.string().optional(),
  paid_at: z.string().nullish(),
});

/**
 * Paystack's transaction states folded into ours. `ongoing`, `processing` and `queued` are still
 * moving (pending); `reversed` was paid and given back, so it never settles an order (failed).
 */
function statusOf(paystackStatus: string): VerifiedPayment['status'] {
  if (paystackStatus === 'success') return 'success';
  if (paystackStatus === 'failed' || paystackStatus === 'reversed') return 'failed';
  if (paystackStatus === 'abandoned') return 'abandoned';
  return 'pending';
}

/**
 * Paystack (docs: /work/shared/providers/paystack.md §1–2): initialize a transaction, send the
 * buyer to its authorization URL, verify by reference, and accept webhooks signed with the secret
 * key. Amounts are kobo both ways; the currency is pinned to NGN.
 */
export function paystackProvider(options: {
  secretKey: string;
  baseUrl: string;
  /** One call's limit; Paystack's own webhook timeout is 30 s, checkout should not wait that long. */
  timeoutMs?: number;
}): PaymentProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  const call = async (method: 'GET' | 'POST', path: string, body?: object) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new PaymentProviderError(`Paystack could not be reached: ${(err as Error).message}`);
    }
    const parsed = envelope.safeParse(await res.json().catch(() => null));
    if (!parsed.success)
      throw new PaymentProviderError(`Paystack answered ${res.status} with no JSON envelope`);
    if (!res.ok || !parsed.data.status) {
      throw new PaymentProviderError(
        `Paystack refused ${method} ${path.split('/').slice(0, 3).join('/')}: ${parsed.data.message ?? res.status}`,
        parsed.data.code,
      );
    }
    return parsed.data.data;
  };

  return {
    name: 'paystack',
    async initialize(payment) {
      const data = initializeData.safeParse(
        await call('POST', '/transaction/initialize', {
          email: payment.email,
          amount: payment.amountKobo,
          currency: 'NGN',
          reference: payment.reference,
          callback_url: payment.callbackUrl,
          metadata: payment.metadata,
        }),
      );
      if (!data.success) throw new PaymentProviderError('Paystack gave no authorization URL');
      return { authorizationUrl: data.data.authorization_url };
    },
    async verify(reference) {
      const data = verifyData.safeParse(
        await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`),
      );
      if (!data.success) throw new PaymentProviderError('Paystack answered a verify without a transaction');
      const { status, amount, currency, paid_at } = data.data;
      return {
        status: statusOf(status),
        amountKobo: amount,
        currency,
        ...(paid_at ? { paidAt: new Date(paid_at) } : {}),
      };
    },
    verifyWebhook(rawBody, headers) {
      return verifySignedEvent(options.secretKey, rawBody, headers[PAYSTACK_SIGNATURE_HEADER]);
    },
    async refund({ reference, amountKobo, note }) {
      const data = refundData.safeParse(
        await call('POST', '/refund', {
          transaction: reference,
          amount: amountKobo,
          currency: 'NGN',
          ...(note ? { merchant_note: note.slice(0, 200) } : {}),
        }),
      );
      if (!data.success) throw new PaymentProviderError('Paystack answered a refund without its id');
      return { providerRefundId: String(data.data.id), status: refundStatusOf(data.data.status) };
    },
    async listRefunds(reference, since) {
      // The list filters by the transaction's id, which verify gives for our reference.
      const tx = transactionId.safeParse(
        await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`),
      );
      if (!tx.success) throw new PaymentProviderError('Paystack answered a verify without a transaction');
      const id = String(tx.data.id);
      const from = new Date(since.getTime() - 24 * 3600_000).toISOString();
      const listed = z
        .array(z.unknown())
        .parse(await call('GET', `/refund?transaction=${encodeURIComponent(id)}&from=${from}&perPage=100`));
      return listed.flatMap((item) => {
        const r = listedRefund.safeParse(item);
        if (!r.success) return [];
        const t = r.data.transaction;
        const mine =
          typeof t === 'object' ? String(t.id) === id || t.reference === reference : String(t) === id;
        return mine
          ? [
              {
                providerRefundId: String(r.data.id),
                amountKobo: r.data.amount,
                status: refundStatusOf(r.data.status),
              },
            ]
          : [];
      });
    },
  };
}
