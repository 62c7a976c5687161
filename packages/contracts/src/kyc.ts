import { z } from 'zod';
import { EMAIL_PATTERN } from './limits.ts';
import { accountType } from './seller.ts';

/**
 * Identity verification (KYC, issue 17). Individuals give their BVN and NIN; businesses their CAC
 * registration number (RC or BN) and a director's BVN. docs/kyc.md has the rules.
 */
export const kycStatus = z.enum(['not_started', 'pending', 'verified', 'rejected', 'resubmission_requested']);
export type KycStatus = z.infer<typeof kycStatus>;

/** What the screen calls each state. */
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  not_started: 'Not started',
  pending: 'Pending review',
  verified: 'Verified',
  rejected: 'Rejected',
  resubmission_requested: 'Resubmission requested',
};

/** BVN and NIN are 11 digits (the NIBSS and NIMC formats). Spaces and dashes typed between groups are dropped. */
export const ELEVEN_DIGITS = /^\d{11}$/;
const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

export const bvnField = z
  .string()
  .trim()
  .transform(digitsOnly)
  .pipe(z.string().regex(ELEVEN_DIGITS, 'Enter your 11-digit BVN'));
export const ninField = z
  .string()
  .trim()
  .transform(digitsOnly)
  .pipe(z.string().regex(ELEVEN_DIGITS, 'Enter your 11-digit NIN'));

/**
 * A CAC registration number: RC (a company) or BN (a business name), then 5 to 8 digits, as the
 * certificate prints it ("RC 1234567", "bn-2345678" and "RC1234567" are the same number). The
 * prefix is required: it tells which register to search.
 */
export const CAC_NUMBER = /^(RC|BN)(\d{5,8})$/;
export const cacNumberField = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(CAC_NUMBER, 'Enter your CAC number as on the certificate, e.g. RC 1234567 or BN 2345678'),
  );

export const submitKycBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('individual'), bvn: bvnField, nin: ninField }),
  z.strictObject({ kind: z.literal('business'), cacNumber: cacNumberField, directorBvn: bvnField }),
]);
export type SubmitKycBody = z.input<typeof submitKycBody>;

export const kycIdentityType = z.enum(['bvn', 'nin', 'cac', 'director_bvn']);
export type KycIdentityType = z.infer<typeof kycIdentityType>;

export const KYC_IDENTITY_LABELS: Record<KycIdentityType, string> = {
  bvn: 'BVN',
  nin: 'NIN',
  cac: 'CAC registration number',
  director_bvn: "Director's BVN",
};

/** A number on file, never in full: its last 4 digits and the name the identity check answered. */
export const kycIdentity = z.object({
  type: kycIdentityType,
  last4: z.string(),
  nameOnRecord: z.string().nullable(),
});
export type KycIdentity = z.infer<typeof kycIdentity>;

export const kycEvent = z.object({
  id: z.string(),
  status: kycStatus,
  reason: z.string().nullable(),
  /** Who moved it: the seller (a submission), the identity check or the review team. */
  actor: z.enum(['seller', 'check', 'operator']),
  at: z.string(),
});
export type KycEvent = z.infer<typeof kycEvent>;

export const kycResponse = z.object({
  status: kycStatus,
  /** Why it was rejected or why it must be sent again; null otherwise. */
  reason: z.string().nullable(),
  accountType: accountType.nullable(),
  /** False while a submission waits for review or once verified. */
  canSubmit: z.boolean(),
  identities: z.array(kycIdentity),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  history: z.array(kycEvent),
});
export type KycResponse = z.infer<typeof kycResponse>;

/** `npm run admin -- kyc <approve|reject> <email> [reason]`. */
export const adminKycDecision = z.enum(['approve', 'reject']);
export type AdminKycDecision = z.infer<typeof adminKycDecision>;
export const adminKycParams = z.strictObject({ decision: adminKycDecision });
export const adminKycBody = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email({ pattern: EMAIL_PATTERN, error: 'Enter a valid e-mail address' }),
  reason: z.string().trim().min(3).max(300).optional(),
});
export type AdminKycBody = z.infer<typeof adminKycBody>;
export const adminKycResponse = z.object({ message: z.string(), status: kycStatus });
export type AdminKycResponse = z.infer<typeof adminKycResponse>;
