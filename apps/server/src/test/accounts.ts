import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sellers } from '@/db/schema/index.ts';
import type { TestApp } from '@/test/build-test-app.ts';

const LOOSE = { max: 10_000, timeWindow: 60_000 };
/** The account routes' limits far above what a test sends, for files that are not about limits. */
export const LOOSE_AUTH_LIMITS = {
  register: LOOSE,
  login: LOOSE,
  verifyOtp: LOOSE,
  resendOtp: LOOSE,
  forgotPassword: LOOSE,
  resetPassword: LOOSE,
};

/** A code that is not `code`: the next one, as six digits. */
export const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * The account tests' calls against the app `app()` returns once the file's `beforeAll` built it:
 * sign-up bodies, the mailed codes, verified sellers and their account flags.
 */
export function accountCalls(app: () => TestApp) {
  let n = 0;
  const newSeller = (over: Record<string, unknown> = {}) => {
    n += 1;
    return {
      firstName: 'Chiamaka',
      lastName: 'Eze',
      email: `chiamaka${n}@example.ng`,
      password: 'Lagos2026market',
      phoneNumber: '+2348031234567',
      storeName: `Chiamaka Styles ${n}`,
      ...over,
    };
  };
  const post = (url: string, payload: unknown, token?: string) =>
    app().app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string, token?: string) =>
    app().app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** The 6-digit code in the last message sent to this address. */
  const lastCode = (email: string) => {
    const mail = [...app().mailer.sent].reverse().find((m) => m.to === email);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  async function verifiedSeller(over: Record<string, unknown> = {}) {
    const body = newSeller(over);
    const reg = await post('/api/seller/register', body);
    expect(reg.statusCode).toBe(201);
    const v = await post('/api/seller/verify-otp', { email: body.email, otp: lastCode(body.email) });
    expect(v.statusCode).toBe(200);
    return { ...body, token: v.json().token as string, id: v.json().user._id as string };
  }

  const setFlags = (id: string, flags: { isDisabled?: boolean; isBlocked?: boolean }) =>
    app().db.update(sellers).set(flags).where(eq(sellers.id, id));

  return { newSeller, post, get, lastCode, verifiedSeller, setFlags };
}
