import { KYC_STATUS_LABELS, type KycStatus, PRODUCT_NAME } from '@kasuwa/contracts';

/**
 * The KYC state machine (docs/kyc.md): a pure function the service applies inside a transaction.
 *
 *   not_started ─submitted─▶ pending ─approved─▶ verified
 *        │                    │  ▲                 │
 *   check_failed          rejected └─submitted─┐  rejected (the review team withdraws it)
 *        ▼                    ▼                 │     ▼
 *   resubmission_requested   rejected ──────────┘  rejected
 *
 * A submission whose identity check fails (number not found, a name that is not the seller's)
 * asks for a resubmission; the review team approves or rejects what passed.
 */
export type KycState = { status: KycStatus; reason: string | null };

export type KycMachineEvent =
  | { type: 'submitted' }
  | { type: 'check_failed'; reason: string }
  | { type: 'approved' }
  | { type: 'rejected'; reason: string };

export type KycEffects = {
  notification: { title: string; message: string };
  email: { subject: string; text: string };
};

export type KycTransition =
  | { ok: true; state: KycState; effects: KycEffects }
  | { ok: false; message: string };

export const INITIAL_KYC_STATE: KycState = { status: 'not_started', reason: null };

/** Where a seller may send (again) their details from. */
export const SUBMITTABLE: readonly KycStatus[] = ['not_started', 'rejected', 'resubmission_requested'];

const FROM: Record<KycMachineEvent['type'], readonly KycStatus[]> = {
  submitted: SUBMITTABLE,
  check_failed: SUBMITTABLE,
  approved: ['pending'],
  rejected: ['pending', 'verified'],
};

function refusal(state: KycState, event: KycMachineEvent): string {
  const now = KYC_STATUS_LABELS[state.status].toLowerCase();
  if (event.type === 'submitted' || event.type === 'check_failed') {
    return state.status === 'pending'
      ? 'Your details are already waiting for review. We will let you know once they have been checked.'
      : 'Your identity is already verified.';
  }
  return `This verification cannot be ${event.type} now: it is ${now}.`;
}

function effectsOf(next: KycState): KycEffects {
  switch (next.status) {
    case 'pending':
      return {
        notification: {
          title: 'Identity details received',
          message: 'Your details passed the identity check and are waiting for review.',
        },
        email: {
          subject: `We received your identity details`,
          text: `Thank you. Your details passed the identity check and our team will review them shortly.\nWe will e-mail you as soon as they have been checked.\n\n— The ${PRODUCT_NAME} team`,
        },
      };
    case 'verified':
      return {
        notification: {
          title: 'Identity verified',
          message: 'Your identity is verified. Payouts to your bank account are open.',
        },
        email: {
          subject: 'Your identity is verified',
          text: `Good news: your identity has been verified. You can now receive payouts to your bank account.\n\n— The ${PRODUCT_NAME} team`,
        },
      };
    case 'rejected':
      return {
        notification: { title: 'Identity verification rejected', message: next.reason ?? '' },
        email: {
          subject: 'Your identity verification was rejected',
          text: `We could not verify your identity.\n\nReason: ${next.reason}\n\nYou can correct your details and submit them again on the KYC Verification page.\n\n— The ${PRODUCT_NAME} team`,
        },
      };
    case 'resubmission_requested':
      return {
        notification: { title: 'Please check your identity details', message: next.reason ?? '' },
        email: {
          subject: 'Please check your identity details',
          text: `The identity check could not confirm your details.\n\n${next.reason}\n\nPlease correct them and submit again on the KYC Verification page.\n\n— The ${PRODUCT_NAME} team`,
        },
      };
    default:
      throw new Error(`No effects for ${next.status}`);
  }
}

export function transition(state: KycState, event: KycMachineEvent): KycTransition {
  if (!FROM[event.type].includes(state.status)) return { ok: false, message: refusal(state, event) };
  const next: KycState =
    event.type === 'submitted'
      ? { status: 'pending', reason: null }
      : event.type === 'approved'
        ? { status: 'verified', reason: null }
        : event.type === 'rejected'
          ? { status: 'rejected', reason: event.reason }
          : { status: 'resubmission_requested', reason: event.reason };
  return { ok: true, state: next, effects: effectsOf(next) };
}
