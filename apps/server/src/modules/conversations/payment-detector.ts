import type { PaymentFlag } from '@kasuwa/contracts';

/**
 * Finds a buyer's attempt to pay (or be paid) outside Kasuwa, where neither the buyer nor the
 * seller is protected. It only warns the seller; the message is still delivered. docs/messages.md
 * lists exactly what each flag matches; keep the two in step.
 *
 * Pure and cheap (a few regular expressions over at most 2,000 characters), so it runs on every
 * buyer message as it is stored.
 */

/** How far (in characters) a number may sit from the words that make it about paying. */
const NEAR = 60;

/** Words that make a 10-digit number a bank account number. */
const BANK_WORDS = [
  'bank',
  'account',
  'acct',
  'acc no',
  'acc num',
  'a/c',
  'nuban',
  'opay',
  'palmpay',
  'palm pay',
  'moniepoint',
  'kuda',
  'gtb',
  'gtbank',
  'guaranty',
  'access',
  'zenith',
  'uba',
  'first bank',
  'firstbank',
  'fcmb',
  'fidelity',
  'union bank',
  'wema',
  'alat',
  'sterling',
  'stanbic',
  'ecobank',
  'polaris',
  'keystone',
  'providus',
  'jaiz',
  'heritage',
  'unity bank',
  'carbon',
  'vfd',
];

/** Words that make a phone number a way to pay (mobile money, "send money to"). */
const PAY_WORDS = [
  'pay',
  'payment',
  'transfer',
  'send money',
  'send the money',
  'opay',
  'palmpay',
  'palm pay',
  'moniepoint',
  'account',
  'airtime',
  'cash',
];

/** Requests to settle outside the platform, in the words Lagos buyers and sellers use. */
const OFF_PLATFORM = [
  /\bpay\s+(?:in)?to\s+(?:my|your|this|the\s+seller'?s?)\s+(?:bank\s+)?(?:account|acct|acc|a\/c)\b/,
  /\b(?:i(?:'ll| will| can)?|let me|can i|make i|i go|should i)\s+(?:just\s+)?(?:transfer|send (?:the )?money|pay)\s+(?:directly|straight|outside|to you directly)\b/,
  /\b(?:direct|bank)\s+transfer\b/,
  /\btransfer\s+(?:it\s+|the\s+money\s+|money\s+)?(?:to|into)\s+(?:my|your|this|the)\b/,
  /\bsend\s+(?:the\s+|me\s+(?:the\s+|your\s+)?)?(?:money|payment|cash)\s+(?:to|into)\b/,
  /\bpay\s+(?:me|you)\s+directly\b/,
  /\b(?:outside|off)\s+(?:the\s+)?(?:app|platform|kasuwa|site)\b/,
  /\b(?:send|give|drop)\s+(?:me\s+)?(?:your|ur|the)\s+(?:bank\s+)?(?:account|acct|acc|a\/c)\s*(?:number|no|num|details)?\b/,
  /\b(?:my|your|ur)\s+(?:bank\s+)?(?:account|acct|acc|a\/c)\s+(?:number|no\.?|num|details)\b/,
];

/** A run of digits, allowing single spaces, dots or dashes between groups (0123 456 789). */
const DIGIT_RUN = /\+?\d(?:[\s.-]?\d){6,14}/g;

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Nigerian mobile numbers: 0 + 10 digits starting 7/8/9, or +234 / 234 and the same 10. */
function isNigerianPhone(digits: string): boolean {
  if (/^0[789][01]\d{8}$/.test(digits)) return true;
  return /^234[789][01]\d{8}$/.test(digits);
}

function hasWordNear(text: string, start: number, end: number, words: readonly string[]): boolean {
  const window = text.slice(Math.max(0, start - NEAR), Math.min(text.length, end + NEAR));
  return words.some((w) => new RegExp(`(?:^|[^a-z])${w.replace(/[/]/g, '\\/')}(?:$|[^a-z])`).test(window));
}

export function detectOffPlatformPayment(message: string): PaymentFlag[] {
  const text = message.toLowerCase().replace(/\s+/g, ' ');
  const flags = new Set<PaymentFlag>();
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = digitsOf(match[0]);
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (digits.length === 10 && hasWordNear(text, start, end, BANK_WORDS)) flags.add('bank_account');
    else if (isNigerianPhone(digits) && hasWordNear(text, start, end, PAY_WORDS)) flags.add('payment_phone');
  }
  if (OFF_PLATFORM.some((pattern) => pattern.test(text))) flags.add('off_platform_request');
  // A fixed order, so the same message always gives the same list.
  return (['bank_account', 'off_platform_request', 'payment_phone'] as const).filter((f) => flags.has(f));
}
