import { z } from 'zod';

/**
 * A Paystack call that did not give an answer we can act on. `conclusive` is true only when
 * Paystack answered and refused (a 4xx with its JSON envelope): the request was seen and not
 * carried out. Anything else (no connection, a timeout, a 5xx, a body we cannot read) may or may
 * not have been carried out, so a transfer is verified by reference before it is sent again.
 */
export class PaystackCallError extends Error {
  constructor(
    message: string,
    readonly conclusive: boolean,
    readonly httpStatus: number | null,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PaystackCallError';
  }
}

const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  code: z.string().optional(),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
});

export type PaystackClient = (
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) => Promise<{ data: unknown; meta: unknown }>;

/** Bearer secret-key calls to Paystack's API in its `{ status, message, data }` envelope. */
export function paystackClient(options: {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): PaystackClient {
  const base = options.baseUrl.replace(/\/$/, '');
  return async (method, path, body) => {
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
      throw new PaystackCallError(`Paystack could not be reached: ${(err as Error).message}`, false, null);
    }
    const parsed = envelope.safeParse(await res.json().catch(() => null));
    const what = `${method} ${path.split('?')[0]?.split('/').slice(0, 3).join('/')}`;
    if (!parsed.success) {
      throw new PaystackCallError(
        `Paystack answered ${what} with ${res.status} and no JSON`,
        false,
        res.status,
      );
    }
    if (!res.ok || !parsed.data.status) {
      const conclusive = res.status >= 400 && res.status < 500 && res.status !== 429;
      const said = parsed.data.message ?? `Paystack refused ${what} (${res.status})`;
      // A refusal's words are Paystack's reason (shown to the seller); anything else says where it came from.
      throw new PaystackCallError(
        conclusive ? said : `Paystack answered ${what} with ${res.status}: ${said}`,
        conclusive,
        res.status,
        parsed.data.code,
      );
    }
    return { data: parsed.data.data, meta: parsed.data.meta };
  };
}
