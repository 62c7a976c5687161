import { describe, expect, it } from 'vitest';
import { emailField } from './auth.ts';
import { EMAIL_PATTERN } from './limits.ts';

describe('EMAIL_PATTERN', () => {
  const accepted = ['ngozi@example.ng', 'ngozi.adeyemi+shop@mail.example.com.ng', "o'neil@example.co"];
  const refused = [
    'ngozi@example',
    'ngozi@example.n',
    'ngozi @example.ng',
    '@example.ng',
    'ngozi@.ng',
    'a@b@c.ng',
  ];

  it('accepts what the contract’s e-mail field accepts and refuses what it refuses', () => {
    for (const email of accepted) {
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
      expect(emailField.safeParse(email).success, email).toBe(true);
    }
    for (const email of refused) {
      expect(EMAIL_PATTERN.test(email), email).toBe(false);
      expect(emailField.safeParse(email).success, email).toBe(false);
    }
  });
});
