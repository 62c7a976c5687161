// Finds secrets in a server log (JSON lines from pino): tokens, passwords, one-time codes and identity
// numbers must never be written there. The e2e run (e2e/support/global-teardown.ts) scans the log of
// the whole run with the passwords its journeys typed; scripts/log-secrets.test.mjs plants each kind.

const PATTERNS = [
  { what: 'a JSON Web Token', re: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/ },
  { what: 'a bearer token', re: /Bearer\s+[\w.~+/-]{16,}/i },
  {
    what: 'a password field',
    re: /"(?:password|newPassword|currentPassword)"\s*:\s*"(?!\[Redacted\])[^"]+"/i,
  },
  { what: 'a one-time code', re: /"(?:otp|code|verificationCode|stepUpCode)"\s*:\s*"?\d{6}(?!\d)/i },
  { what: 'a one-time code in a URL', re: /[?&](?:otp|code)=\d{6}(?!\d)/i },
  { what: 'a BVN or NIN', re: /"(?:bvn|nin)"\s*:\s*"?\d{11}(?!\d)/i },
  { what: 'a card number', re: /(?<!\d)(?:4\d{15}|5[1-5]\d{14}|5078\d{14,15}|5060\d{15})(?!\d)/ },
];

/**
 * Every line of `text` that holds a secret: one of the patterns above, or one of `known` (secrets the
 * caller typed, e.g. the passwords of the test journeys). Answers `{ line, what }` with 1-based lines.
 */
export function findSecrets(text, known = []) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const { what, re } of PATTERNS) if (re.test(line)) found.push({ line: i + 1, what });
    for (const secret of known)
      if (secret && line.includes(secret)) found.push({ line: i + 1, what: 'a known secret' });
  });
  return found;
}
