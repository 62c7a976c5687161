import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DojahRequest = {
  path: string;
  query: Record<string, string>;
  appId?: string;
  authorization?: string;
};

/**
 * A local stand-in for Dojah's KYC lookups (fact sheet B1, docs/kyc.md): `GET
 * /api/v1/kyc/bvn/full?bvn=`, `/api/v1/kyc/nin?nin=` and `/api/v1/kyc/cac/basic?rc_number=
 * &company_type=`, authenticated by the `AppId` header and the secret key as `Authorization`.
 * It answers `{ entity: {...} }` for the records it holds, 404 `{ error }` for others, 401 for a
 * wrong key; `mode` makes it fail (500) or hang, as a register does on a bad day.
 */
export async function startFakeDojah(options: {
  appId: string;
  secretKey: string;
  people: Record<string, { first_name: string; middle_name?: string; last_name: string }>;
  companies: Record<string, { company_name: string; type: 'COMPANY' | 'BUSINESS_NAME' }>;
}) {
  const requests: DojahRequest[] = [];
  const state = { mode: 'answer' as 'answer' | 'error500' | 'hang' };
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const appId = req.headers.appid as string | undefined;
    const authorization = req.headers.authorization;
    requests.push({
      path: url.pathname,
      query,
      ...(appId ? { appId } : {}),
      ...(authorization ? { authorization } : {}),
    });
    if (state.mode === 'hang') return;
    if (state.mode === 'error500') return send(res, 500, { error: 'Service unavailable' });
    if (req.method !== 'GET') return send(res, 405, { error: 'Method not allowed' });
    if (appId !== options.appId || authorization !== options.secretKey)
      return send(res, 401, { error: 'Unauthorized' });
    if (url.pathname === '/api/v1/kyc/bvn/full' || url.pathname === '/api/v1/kyc/nin') {
      const number = query.bvn ?? query.nin ?? '';
      if (!/^\d{11}$/.test(number)) return send(res, 400, { error: 'Invalid identity number' });
      const person = options.people[number];
      if (!person) return send(res, 404, { error: 'Identity not found' });
      const key = url.pathname.endsWith('nin') ? 'nin' : 'bvn';
      return send(res, 200, {
        entity: { [key]: number, ...person, gender: 'Female', date_of_birth: '1990-01-02' },
      });
    }
    if (url.pathname === '/api/v1/kyc/cac/basic') {
      const company = options.companies[query.rc_number ?? ''];
      if (!company || company.type !== query.company_type)
        return send(res, 404, { error: 'Company not found' });
      return send(res, 200, {
        entity: {
          company_name: company.company_name,
          rc_number: query.rc_number,
          type_of_company: company.type,
          status: 'ACTIVE',
        },
      });
    }
    return send(res, 404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
