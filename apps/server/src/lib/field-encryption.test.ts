import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivedKey, fieldCipher, keyFromText } from '@/lib/field-encryption.ts';

describe('field encryption (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const cipher = fieldCipher(key);

  it('opens what it sealed, and seals the same number differently each time', () => {
    const a = cipher.encrypt('22212345678');
    const b = cipher.encrypt('22212345678');
    expect(a).not.toBe(b);
    expect(a).not.toContain('22212345678');
    expect(cipher.decrypt(a)).toBe('22212345678');
    expect(cipher.decrypt(b)).toBe('22212345678');
  });

  it('refuses a value changed in the database and another key', () => {
    const sealed = cipher.encrypt('70123456789');
    const [v, nonce, tag, body = ''] = sealed.split('.');
    // The second-to-last character (the last may carry only padding bits), changed for certain: it
    // once checked the last character instead, and left the value as it was one time in 64.
    const changed = body.at(-2) === 'A' ? 'B' : 'A';
    const flipped = `${v}.${nonce}.${tag}.${body.slice(0, -2)}${changed}${body.slice(-1)}`;
    expect(flipped).not.toBe(sealed);
    expect(() => cipher.decrypt(flipped)).toThrow();
    expect(() => fieldCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt('22212345678')).toThrow('Not an encrypted value');
  });

  it('reads a key of 32 bytes in base64 and refuses others', () => {
    expect(keyFromText(key.toString('base64'))).toEqual(key);
    expect(keyFromText(key.toString('base64url'))).toEqual(key);
    expect(() => keyFromText('c2hvcnQ=')).toThrow(/32 bytes/);
    expect(derivedKey('a-secret', 'kyc')).toHaveLength(32);
    expect(derivedKey('a-secret', 'kyc')).not.toEqual(derivedKey('a-secret', 'other'));
  });
});
