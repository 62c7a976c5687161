import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { nubanCheckDigit } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { sellers } from '@/db/schema/index.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { type FormPart, multipartForm } from '@/test/multipart.ts';

/** A minimal PDF, enough for the content check of a verification document. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A Windows executable's header ("MZ" ... "PE"), whatever name it travels under. */
export const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
export const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#12833f' } })
    .png()
    .toBuffer();

/** A valid NUBAN at GTBank (058): nine digits and the check digit the CBN rule gives. */
export const gtbAccount = (serial = '012345678') => `${serial}${nubanCheckDigit('058', serial)}`;

export const address = {
  country: 'Nigeria',
  state: 'Lagos',
  city: 'Ikeja',
  streetAddress1: '14 Obafemi Awolowo Way',
  zipCode: '100271',
};

export const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * The onboarding tests' calls against the app `app()` returns once the file's `beforeAll` built
 * it: sign-ups through the real register route, steps, uploads and what ends up stored.
 */
export function onboardingCalls(app: () => TestApp) {
  let n = 0;
  const put = (url: string, payload: unknown, token?: string) =>
    app().app.inject({ method: 'PUT', url, payload: payload as object, headers: auth(token) });
  const post = (url: string, payload: unknown, token?: string) =>
    app().app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });

  /** A seller signed up through POST /api/seller/register, with the account type chosen if given. */
  async function newSeller(accountType?: 'business' | 'individual') {
    n += 1;
    const email = `onboard${n}@example.ng`;
    const reg = await app().app.inject({
      method: 'POST',
      url: '/api/seller/register',
      payload: {
        firstName: 'Tunde',
        lastName: 'Bakare',
        email,
        password: 'Ibadan2026shop',
        phoneNumber: '+2348031234567',
        storeName: `Tunde Gadgets ${n}`,
      },
    });
    expect(reg.statusCode).toBe(201);
    let token = reg.json().token as string;
    const id = reg.json().user._id as string;
    if (accountType) {
      const res = await put('/api/seller/profile/account-type', { accountType }, token);
      expect(res.statusCode).toBe(200);
      token = res.json().token;
    }
    return { id, email, token };
  }

  return {
    newSeller,
    put,
    post,
    async sellerRow(id: string) {
      const [row] = await app().db.select().from(sellers).where(eq(sellers.id, id));
      if (!row) throw new Error('no seller');
      return row;
    },
    upload(url: string, parts: FormPart[], token: string) {
      const form = multipartForm(parts);
      return app().app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, ...auth(token) },
      });
    },
    /** Every file the storage holds, scratch folder included. */
    async uploadedFiles() {
      const root = (app().storage.scratchDir as string).replace(/\/\.incoming$/, '');
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        const nested = await Promise.all(
          entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
        );
        return nested.flat();
      };
      return walk(root);
    },
  };
}
