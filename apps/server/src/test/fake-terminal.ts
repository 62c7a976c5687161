import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Terminal Africa's API (the shipping aggregator), speaking its documented
 * requests and answers (/work/shared/providers, docs/shipping.md): Bearer auth, the
 * `{ status, message, data }` envelope, quotes with naira amounts, booking by `rate_id`, and a
 * shipment whose `status` the test moves with `setStatus`.
 */
export type FakeTerminal = {
  url: string;
  secretKey: string;
  /** Every request as received: method, path and parsed JSON body. */
  requests: Array<{ method: string; path: string; body: unknown }>;
  shipments: Map<string, { status: string; rateId: string }>;
  setStatus(shipmentId: string, status: string, description?: string): void;
  /** The next quote or booking answers this error instead. */
  failNext(status: number, message: string): void;
  close(): Promise<void>;
};

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
};

export async function startFakeTerminal(): Promise<FakeTerminal> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const requests: FakeTerminal['requests'] = [];
  const shipments: FakeTerminal['shipments'] = new Map();
  const events = new Map<string, Array<{ created_at: string; description: string; status: string }>>();
  let failure: { status: number; message: string } | null = null;

  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const path = (req.url ?? '/').replace(/^\/v1/, '');
      const body = await readJson(req);
      requests.push({ method: req.method ?? 'GET', path, body });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { status: false, message: 'Invalid API key' });
      }
      if (failure) {
        const f = failure;
        failure = null;
        return send(f.status, { status: false, message: f.message });
      }
      if (req.method === 'POST' && path === '/rates/shipment/quotes') {
        const items = ((body as { parcel?: { items?: Array<{ weight: number; quantity: number }> } })?.parcel
          ?.items ?? []) as Array<{ weight: number; quantity: number }>;
        const kg = items.reduce((s, i) => s + i.weight * i.quantity, 0);
        return send(200, {
          status: true,
          message: 'Rates retrieved successfully',
          data: [
            {
              rate_id: `RT-GIG-${randomBytes(4).toString('hex')}`,
              amount: Math.round(2500 + kg * 400),
              currency: 'NGN',
              carrier_name: 'GIG Logistics',
              carrier_logo: null,
              delivery_time: 'Within 3 days.',
              pickup_time: 'Within 24 hours.',
            },
            {
              rate_id: `RT-DHL-${randomBytes(4).toString('hex')}`,
              amount: Math.round(6000 + kg * 900),
              currency: 'NGN',
              carrier_name: 'DHL Express',
              carrier_logo: null,
              delivery_time: 'Within 2 days.',
              pickup_time: 'Same day.',
            },
          ],
        });
      }
      if (req.method === 'POST' && path === '/shipments/pickup') {
        const rateId = (body as { rate_id?: string })?.rate_id;
        if (!rateId) return send(400, { status: false, message: 'rate_id is required' });
        const id = `SH-${randomBytes(5).toString('hex').toUpperCase()}`;
        shipments.set(id, { status: 'confirmed', rateId });
        return send(200, {
          status: true,
          message: 'Pickup arranged successfully',
          data: {
            shipment_id: id,
            status: 'confirmed',
            carrier_name: rateId.startsWith('RT-DHL') ? 'DHL Express' : 'GIG Logistics',
            extras: {
              tracking_number: `TRK${id.slice(3)}`,
              tracking_url: `https://track.example.ng/${id}`,
              shipping_label: `https://labels.example.ng/${id}.pdf`,
            },
            events: [],
          },
        });
      }
      const match = /^\/shipments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match?.[1]) {
        const shipment = shipments.get(decodeURIComponent(match[1]));
        if (!shipment) return send(404, { status: false, message: 'Shipment not found' });
        return send(200, {
          status: true,
          message: 'Shipment retrieved successfully',
          data: { shipment_id: match[1], status: shipment.status, events: events.get(match[1]) ?? [] },
        });
      }
      return send(404, { status: false, message: 'Not found' });
    })().catch(() => send(500, { status: false, message: 'stand-in failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    secretKey,
    requests,
    shipments,
    setStatus(shipmentId, status, description = status) {
      const s = shipments.get(shipmentId);
      if (s) s.status = status;
      const list = events.get(shipmentId) ?? [];
      list.push({ created_at: new Date('2026-01-16T10:00:00.000Z').toISOString(), description, status });
      events.set(shipmentId, list);
    },
    failNext(status, message) {
      failure = { status, message };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
