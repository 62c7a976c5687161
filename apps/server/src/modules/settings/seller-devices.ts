import type { SellerSessionsResponse } from '@kasuwa/contracts';
import type { SellerRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { SESSION_TTL_SECONDS } from '@/lib/tokens.ts';
import type { SellerDevicesRepository } from '@/modules/settings/seller-devices.repository.ts';

/** The header the web app sends with every seller call: the id it keeps for this browser. */
export const DEVICE_ID_HEADER = 'x-device-id';
const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;
/** A device's row is written at most this often per node (and whenever its token version changes). */
const WRITE_EVERY_MS = 5 * 60_000;
const REMEMBERED = 10_000;

/** The request's device id, or null when it sent none (an API client, a test) or a malformed one. */
export function deviceIdOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[DEVICE_ID_HEADER];
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null;
}

/** "Chrome on Android", "Safari on iPhone": what a seller recognises in a list of devices. */
export function deviceName(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'Chromebook'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** The address with its last part hidden: 102.89.34.x, or the first four groups of an IPv6 one. */
export function maskNetwork(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 4).join(':')}::`;
  return '';
}

export type DeviceSeen = (
  seller: Pick<SellerRow, 'id' | 'tokenVersion'>,
  request: { headers: Record<string, string | string[] | undefined>; ip: string },
) => void;

/**
 * The seller's devices: `seen` is called by the seller auth hook after a token passed (it never
 * delays or fails the request), `list` answers Settings → Security.
 */
export function sellerDevices({
  repo,
  clock,
  log,
}: {
  repo: SellerDevicesRepository;
  clock: Clock;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const written = new Map<string, number>();
  const seen: DeviceSeen = (seller, request) => {
    const deviceId = deviceIdOf(request.headers);
    if (!deviceId) return;
    const now = clock.now();
    const key = `${seller.id}:${deviceId}:${seller.tokenVersion}`;
    const last = written.get(key);
    if (last !== undefined && now.getTime() - last < WRITE_EVERY_MS) return;
    if (written.size >= REMEMBERED) written.clear();
    written.set(key, now.getTime());
    const ua = request.headers['user-agent'];
    repo
      .seen(repo.db, {
        sellerId: seller.id,
        deviceId,
        userAgent: (typeof ua === 'string' ? ua : '').slice(0, 400),
        network: maskNetwork(request.ip),
        tokenVersion: seller.tokenVersion,
        at: now,
      })
      .catch((err: unknown) => {
        written.delete(key);
        log.warn({ err }, 'could not record the device a seller used');
      });
  };

  return {
    seen,
    async list(seller: SellerRow, currentDeviceId: string | null): Promise<SellerSessionsResponse> {
      const since = new Date(clock.now().getTime() - SESSION_TTL_SECONDS * 1000);
      const rows = await repo.active(repo.db, seller.id, seller.tokenVersion, since);
      return {
        sessions: rows.map((r) => ({
          current: r.device_id === currentDeviceId,
          device: deviceName(r.user_agent),
          network: r.network,
          firstSeenAt: new Date(r.first_seen_at).toISOString(),
          lastSeenAt: new Date(r.last_seen_at).toISOString(),
        })),
      };
    },
  };
}
export type SellerDevices = ReturnType<typeof sellerDevices>;
