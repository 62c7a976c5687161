import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dojahKycProvider, KycProviderUnavailableError } from '@/modules/kyc/kyc-provider.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { startFakeDojah } from '@/test/fake-dojah.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const APP_ID = 'app-kasuwa-test';
const SECRET = 'test_sk_dojah_0123456789';
let dojah: Awaited<ReturnType<typeof startFakeDojah>>;

beforeAll(async () => {
  dojah = await startFakeDojah({
    appId: APP_ID,
    secretKey: SECRET,
    people: {
      '22222222222': { first_name: 'ADAEZE', middle_name: 'CHIOMA', last_name: 'OKAFOR' },
      '70123456789': { first_name: 'Adaeze', last_name: 'Okafor' },
    },
    companies: { '1234567': { company_name: 'EZE FABRICS LIMITED', type: 'COMPANY' } },
  });
});
afterAll(() => dojah.close());

const provider = (over: { secretKey?: string; timeoutMs?: number } = {}) =>
  dojahKycProvider({
    appId: APP_ID,
    secretKey: over.secretKey ?? SECRET,
    baseUrl: `${dojah.url}/`,
    timeoutMs: over.timeoutMs ?? 2000,
  });
const hint = { fullName: 'ignored by real registers' };

describe('the Dojah adapter against its stand-in', () => {
  it('looks a BVN up with the AppId header and the secret key, and reads the name from entity', async () => {
    dojah.requests.length = 0;
    expect(await provider().lookupBvn('22222222222', hint)).toEqual({
      found: true,
      fullName: 'ADAEZE CHIOMA OKAFOR',
    });
    expect(dojah.requests).toEqual([
      { path: '/api/v1/kyc/bvn/full', query: { bvn: '22222222222' }, appId: APP_ID, authorization: SECRET },
    ]);
  });

  it('looks a NIN up', async () => {
    expect(await provider().lookupNin('70123456789', hint)).toEqual({
      found: true,
      fullName: 'Adaeze Okafor',
    });
    expect(dojah.requests.at(-1)?.path).toBe('/api/v1/kyc/nin');
  });

  it('looks a company up by its digits and type (RC → COMPANY, BN → BUSINESS_NAME)', async () => {
    expect(await provider().lookupCompany({ kind: 'RC', digits: '1234567' }, { companyName: 'x' })).toEqual({
      found: true,
      companyName: 'EZE FABRICS LIMITED',
    });
    expect(dojah.requests.at(-1)?.query).toEqual({ rc_number: '1234567', company_type: 'COMPANY' });
    expect(await provider().lookupCompany({ kind: 'BN', digits: '1234567' }, { companyName: 'x' })).toEqual({
      found: false,
    });
    expect(dojah.requests.at(-1)?.query.company_type).toBe('BUSINESS_NAME');
  });

  it('reads 404 as "no such record"', async () => {
    expect(await provider().lookupBvn('22222220000', hint)).toEqual({ found: false });
  });

  it('treats a refused key, a server error and a time-out as unavailable', async () => {
    await expect(provider({ secretKey: 'wrong' }).lookupBvn('22222222222', hint)).rejects.toBeInstanceOf(
      KycProviderUnavailableError,
    );
    dojah.state.mode = 'error500';
    await expect(provider().lookupNin('70123456789', hint)).rejects.toBeInstanceOf(
      KycProviderUnavailableError,
    );
    dojah.state.mode = 'hang';
    await expect(provider({ timeoutMs: 200 }).lookupNin('70123456789', hint)).rejects.toBeInstanceOf(
      KycProviderUnavailableError,
    );
    dojah.state.mode = 'answer';
  });
});

describe('a submission checked by Dojah', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      kyc: { providerInstance: dojahKycProvider({ appId: APP_ID, secretKey: SECRET, baseUrl: dojah.url }) },
    });
  });
  afterAll(() => t.close());

  it('goes to review when both records carry the seller’s name', async () => {
    const { auth } = await sellerWithToken(t, {
      firstName: 'Adaeze',
      lastName: 'Okafor',
      accountType: 'individual',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/kyc',
      headers: auth,
      payload: { kind: 'individual', bvn: '22222222222', nin: '70123456789' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('pending');
    expect(res.json().identities.map((i: { nameOnRecord: string }) => i.nameOnRecord)).toEqual([
      'ADAEZE CHIOMA OKAFOR',
      'Adaeze Okafor',
    ]);
  });

  it('asks for a resubmission when Dojah has no such BVN, and answers 502 when it is down', async () => {
    const { auth } = await sellerWithToken(t, {
      firstName: 'Adaeze',
      lastName: 'Okafor',
      accountType: 'individual',
    });
    const body = { kind: 'individual', bvn: '22222223333', nin: '70123456789' };
    const res = await t.app.inject({ method: 'POST', url: '/api/seller/kyc', headers: auth, payload: body });
    expect(res.json().status).toBe('resubmission_requested');
    dojah.state.mode = 'error500';
    try {
      const down = await t.app.inject({
        method: 'POST',
        url: '/api/seller/kyc',
        headers: auth,
        payload: body,
      });
      expect(down.statusCode).toBe(502);
    } finally {
      dojah.state.mode = 'answer';
    }
  });
});
