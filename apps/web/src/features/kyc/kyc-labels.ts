import type { DocumentKind, KycStatus } from '@kasuwa/contracts';

/** What each state means for the seller, and what to do next. */
export const STATUS_TEXT: Record<KycStatus, string> = {
  not_started:
    'Verify your identity to receive payouts. It takes a minute: we check your numbers with the national registers.',
  pending:
    'Your details passed the identity check and are waiting for our review, usually within one working day.',
  verified: 'Your identity is verified. Payouts to your bank account are open.',
  rejected: 'We could not verify your identity. Correct your details and submit them again.',
  resubmission_requested: 'The identity check could not confirm your details. Correct them and submit again.',
};

export const STATUS_TONE: Record<KycStatus, string> = {
  not_started: 'bg-canvas text-ink',
  pending: 'bg-amber-50 text-amber-800',
  verified: 'bg-brand-50 text-brand-700',
  rejected: 'bg-danger-50 text-danger-700',
  resubmission_requested: 'bg-amber-50 text-amber-800',
};

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  certificateOfIncorporation: 'Certificate Of Incorporation',
  businessTaxId: 'Business Tax ID',
  individualTaxId: 'Tax or VAT ID',
  governmentId: 'Government ID',
  proofOfAddress: 'Proof of Address',
};

/** 11 digits shown as the seller typed them on a card: the last four, the rest hidden. */
export const masked = (last4: string) => `••••••• ${last4}`;

export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
