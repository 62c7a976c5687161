import { HttpError } from '@/lib/errors.ts';

/** What an identity register answers for a person's number: the name on record, or nothing. */
export type PersonRecord = { found: true; fullName: string } | { found: false };
export type CompanyRecord = { found: true; companyName: string } | { found: false };
export type CacNumber = { kind: 'RC' | 'BN'; digits: string };

/**
 * Who checks identity numbers against Nigeria's registers (NIBSS for BVN, NIMC for NIN, CAC for
 * companies): `local` (format already checked by the contract, then the documented rule set of
 * docs/kyc.md, no outside service) or Dojah. The hint is the seller's own name: only the local
 * provider uses it, to answer a record that matches; real registers answer what they hold.
 */
export interface KycProvider {
  readonly name: 'local' | 'dojah';
  lookupBvn(bvn: string, hint: { fullName: string }): Promise<PersonRecord>;
  lookupNin(nin: string, hint: { fullName: string }): Promise<PersonRecord>;
  lookupCompany(cac: CacNumber, hint: { companyName: string }): Promise<CompanyRecord>;
}

export type KycProviderConfig =
  | { provider: 'local' }
  | { provider: 'dojah'; appId: string; secretKey: string; baseUrl: string; timeoutMs?: number };

/** The register could not be asked (down, slow, refused our keys): a 502, nothing was recorded. */
export class KycProviderUnavailableError extends HttpError {
  constructor() {
    super(
      502,
      'We could not reach the identity service to check your details. Please try again in a moment.',
    );
  }
}

/** Someone else's records, for the local rule "ends in 1111". */
export const LOCAL_OTHER_PERSON = 'BABATUNDE ADEWALE OGUNLEYE';
export const LOCAL_OTHER_COMPANY = 'HARMATTAN TRADING VENTURES LIMITED';

/**
 * The local provider's rules, by the number's last four digits (docs/kyc.md):
 *   0000  not found in the register;
 *   1111  found, under someone else's name (the name check fails);
 *   9999  the register is unavailable (a 502; try again);
 *   else  found, under the seller's own name, surname first as registers print it.
 */
export function localKycProvider(): KycProvider {
  const person = (number: string, fullName: string): PersonRecord => {
    if (number.endsWith('9999')) throw new KycProviderUnavailableError();
    if (number.endsWith('0000')) return { found: false };
    if (number.endsWith('1111')) return { found: true, fullName: LOCAL_OTHER_PERSON };
    const words = fullName.trim().toUpperCase().split(/\s+/);
    const surnameFirst = words.length > 1 ? [words.at(-1), ...words.slice(0, -1)].join(' ') : words.join(' ');
    return { found: true, fullName: surnameFirst };
  };
  return {
    name: 'local',
    async lookupBvn(bvn, hint) {
      return person(bvn, hint.fullName);
    },
    async lookupNin(nin, hint) {
      return person(nin, hint.fullName);
    },
    async lookupCompany(cac, hint) {
      if (cac.digits.endsWith('9999')) throw new KycProviderUnavailableError();
      if (cac.digits.endsWith('0000')) return { found: false };
      if (cac.digits.endsWith('1111')) return { found: true, companyName: LOCAL_OTHER_COMPANY };
      return { found: true, companyName: hint.companyName.toUpperCase() };
    },
  };
}

type Entity = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Dojah puts the record in `entity`; some lookups nest it once more under the id type. */
function personName(entity: Entity, nested: string): string {
  const inner = entity[nested];
  const record = !text(entity.first_name) && inner && typeof inner === 'object' ? (inner as Entity) : entity;
  return [record.first_name, record.middle_name, record.last_name].map(text).filter(Boolean).join(' ');
}

/**
 * Dojah (fact sheet B1, docs/kyc.md): `GET /api/v1/kyc/bvn/full?bvn=`, `GET /api/v1/kyc/nin?nin=`
 * and `GET /api/v1/kyc/cac/basic?rc_number=&company_type=`, with the `AppId` header and the
 * secret key as `Authorization`. 200 carries `{ entity }`; 400 and 404 mean no such record; any
 * other answer, a time-out or a refused key is "unavailable" — the seller may try again, and
 * nothing is recorded.
 */
export function dojahKycProvider(options: {
  appId: string;
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
}): KycProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  async function get(path: string, query: Record<string, string>): Promise<Entity | null> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}?${new URLSearchParams(query)}`, {
        headers: { AppId: options.appId, Authorization: options.secretKey, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch {
      throw new KycProviderUnavailableError();
    }
    if (res.status === 400 || res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      // The path only: the query holds the number, which never goes to the log.
      options.log?.warn({ status: res.status, path }, 'Dojah identity lookup failed');
      await res.body?.cancel();
      throw new KycProviderUnavailableError();
    }
    const body = (await res.json().catch(() => null)) as { entity?: unknown } | null;
    const entity = body?.entity;
    return entity && typeof entity === 'object' ? (entity as Entity) : null;
  }
  const person = async (path: string, key: 'bvn' | 'nin', number: string): Promise<PersonRecord> => {
    const entity = await get(path, { [key]: number });
    const fullName = entity ? personName(entity, key) : '';
    return fullName ? { found: true, fullName } : { found: false };
  };
  return {
    name: 'dojah',
    lookupBvn: (bvn) => person('/api/v1/kyc/bvn/full', 'bvn', bvn),
    lookupNin: (nin) => person('/api/v1/kyc/nin', 'nin', nin),
    async lookupCompany(cac) {
      const entity = await get('/api/v1/kyc/cac/basic', {
        rc_number: cac.digits,
        company_type: cac.kind === 'RC' ? 'COMPANY' : 'BUSINESS_NAME',
      });
      const companyName = entity ? text(entity.company_name) : '';
      return companyName ? { found: true, companyName } : { found: false };
    },
  };
}

export function createKycProvider(
  config: KycProviderConfig,
  log?: { warn: (obj: object, msg: string) => void },
): KycProvider {
  return config.provider === 'dojah'
    ? dojahKycProvider({ ...config, ...(log ? { log } : {}) })
    : localKycProvider();
}
