import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ChargeEvent, WebhookVerdict } from '@/modules/payments/payment-provider.ts';

/** HMAC-SHA512 of the raw body, hex: Paystack's `x-paystack-signature`, and our local one. */
export const signWebhook = (secret: string, rawBody: Buffer | string) =>
  createHmac('sha512', secret).update(rawBody).digest('hex');

/**
 * Whether `header` is the signature of exactly these bytes. The raw body is hashed, never a
 * re-serialised parse of it (key order or spacing would change the hash), and the comparison takes
 * the same time whatever the first differing byte, so a forger learns nothing from timing.
 */
export function signatureMatches(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Paystack's samples send amounts as numbers and sometimes as strings; both are kobo.
const kobo = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

const envelope = z.object({ event: z.string(), data: z.unknown() });
const chargeData = z.object({
  reference: z.string().min(1),
  amount: kobo,
  currency: z.string().optional(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
});

/**
 * Reads a signed delivery in Paystack's envelope `{ event, data }` (the local provider sends the
 * same shape). `charge.success` is read here (Paystack sends no event for failed charges); any other
 * event is handed on as `other` for the module that registered for it.
 * The payload has no event id, so the dedupe key is the event name and the reference.
 */
export function readChargeEvent(rawBody: Buffer): WebhookVerdict {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return { ok: false, reason: 'not an event' };
  if (outer.data.event !== 'charge.success')
    return { ok: true, event: null, other: { name: outer.data.event, data: outer.data.data } };
  const data = chargeData.safeParse(outer.data.data);
  if (!data.success) return { ok: false, reason: 'charge.success without reference or amount' };
  const paidAt = data.data.paid_at ?? data.data.paidAt;
  const event: ChargeEvent = {
    id: `charge.success:${data.data.reference}`,
    reference: data.data.reference,
    amountKobo: data.data.amount,
    currency: data.data.currency ?? 'NGN',
    paidAt: paidAt ? new Date(paidAt) : null,
  };
  return { ok: true, event };
}

/** A signed delivery: the signature first, then the event; a bad signature is never parsed. */
export function verifySignedEvent(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
): WebhookVerdict {
  if (header === undefined) return { ok: false, reason: 'signature header missing' };
  if (!signatureMatches(secret, rawBody, header)) return { ok: false, reason: 'signature does not match' };
  return readChargeEvent(rawBody);
}
