import type { PayoutStatus } from '@kasuwa/contracts';

/**
 * A payout's life as a pure function (issue 15): pending (money held, not yet with the provider)
 * → processing (the provider took it) → paid, or failed / reversed with the money back in
 * `available`. The provider's answers arrive from several places at once (the send job, the
 * reconcile job, webhooks, replays), so every event is applied to whatever the state is now and
 * an event that changes nothing is ignored: that is what makes them idempotent.
 */
export type PayoutEvent =
  | { type: 'accepted' }
  | { type: 'succeeded' }
  | { type: 'failed'; reason: string }
  | { type: 'reversed'; reason: string };

export type PayoutEffect =
  /** payout_in_flight → paid_out. */
  | { type: 'ledger_paid' }
  /** The money back to available, from where it sits now. */
  | { type: 'ledger_returned'; from: 'in_flight' | 'paid_out'; reason: string }
  | { type: 'mail'; about: 'paid' | 'failed' | 'reversed' };

export type PayoutTransition = { status: PayoutStatus; effects: PayoutEffect[]; reason?: string };

const inFlight = (s: PayoutStatus) => s === 'pending' || s === 'processing';

/** The next state and what it sets off, or null when the event changes nothing in this state. */
export function transition(status: PayoutStatus, event: PayoutEvent): PayoutTransition | null {
  switch (event.type) {
    case 'accepted':
      return status === 'pending' ? { status: 'processing', effects: [] } : null;
    case 'succeeded':
      return inFlight(status)
        ? { status: 'paid', effects: [{ type: 'ledger_paid' }, { type: 'mail', about: 'paid' }] }
        : null;
    case 'failed':
      // A failure after `paid` is not a state Paystack documents (a paid transfer comes back as
      // `reversed`); it is ignored rather than taken as money returned.
      return inFlight(status)
        ? {
            status: 'failed',
            reason: event.reason,
            effects: [
              { type: 'ledger_returned', from: 'in_flight', reason: event.reason },
              { type: 'mail', about: 'failed' },
            ],
          }
        : null;
    case 'reversed':
      if (inFlight(status) || status === 'paid') {
        return {
          status: 'reversed',
          reason: event.reason,
          effects: [
            {
              type: 'ledger_returned',
              from: status === 'paid' ? 'paid_out' : 'in_flight',
              reason: event.reason,
            },
            { type: 'mail', about: 'reversed' },
          ],
        };
      }
      return null;
  }
}

/** Whether nothing more can happen to a payout in this state. */
export const isFinal = (status: PayoutStatus) => status === 'failed' || status === 'reversed';
