import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts single values for the database (identity numbers, issue 17) with AES-256-GCM: a fresh
 * 12-byte nonce per value and the 16-byte tag, stored as `v1.<nonce>.<tag>.<ciphertext>` in
 * base64url. A value changed in the database fails to decrypt instead of reading as something else.
 */
export interface FieldCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

const VERSION = 'v1';

/** The 32-byte key from KYC_ENCRYPTION_KEY or DATA_DIR/kyc-key (base64 or base64url of 32 random bytes). */
export function keyFromText(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64url');
  if (key.length !== 32) throw new Error('The KYC encryption key must be 32 bytes, base64-encoded');
  return key;
}

/** For apps built without a key of their own (tests, benchmarks): one derived from another secret. */
export function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'kasuwa-field-encryption', purpose, 32));
}

export function fieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  return {
    encrypt(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined)
        throw new Error('Not an encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
