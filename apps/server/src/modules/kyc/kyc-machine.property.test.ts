import type { KycStatus } from '@kasuwa/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_KYC_STATE,
  type KycMachineEvent,
  type KycState,
  transition,
} from '@/modules/kyc/kyc-machine.ts';

const reason = fc.constantFrom('The NIN slip is not readable', 'We could not find the BVN ending in 0000.');
const event: fc.Arbitrary<KycMachineEvent> = fc.oneof(
  fc.constant({ type: 'submitted' as const }),
  fc.constant({ type: 'approved' as const }),
  fc.record({ type: fc.constant('check_failed' as const), reason }),
  fc.record({ type: fc.constant('rejected' as const), reason }),
);

describe('the KYC state machine', () => {
  it('goes not started → pending → verified on a submission and an approval', () => {
    const a = transition(INITIAL_KYC_STATE, { type: 'submitted' });
    expect(a).toMatchObject({ ok: true, state: { status: 'pending', reason: null } });
    if (!a.ok) return;
    const b = transition(a.state, { type: 'approved' });
    expect(b).toMatchObject({ ok: true, state: { status: 'verified', reason: null } });
  });

  it('asks for a resubmission when the check fails, and takes the corrected one', () => {
    const a = transition(INITIAL_KYC_STATE, { type: 'check_failed', reason: 'Not found' });
    expect(a).toMatchObject({ ok: true, state: { status: 'resubmission_requested', reason: 'Not found' } });
    if (!a.ok) return;
    expect(transition(a.state, { type: 'submitted' })).toMatchObject({
      ok: true,
      state: { status: 'pending' },
    });
  });

  it('refuses an approval of what is not pending and a submission while pending or verified', () => {
    expect(transition(INITIAL_KYC_STATE, { type: 'approved' }).ok).toBe(false);
    expect(transition({ status: 'pending', reason: null }, { type: 'submitted' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/already waiting for review/),
    });
    expect(transition({ status: 'verified', reason: null }, { type: 'submitted' })).toMatchObject({
      ok: false,
      message: 'Your identity is already verified.',
    });
  });

  it('keeps its rules over any sequence of events', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state: KycState = INITIAL_KYC_STATE;
        const seen: KycStatus[] = [];
        for (const e of events) {
          const before = state;
          const result = transition(state, e);
          if (!result.ok) {
            // A refusal says why and changes nothing.
            expect(result.message.length).toBeGreaterThan(0);
            continue;
          }
          state = result.state;
          seen.push(state.status);
          // Verified only by an approval of a pending verification.
          if (state.status === 'verified') {
            expect(e.type).toBe('approved');
            expect(before.status).toBe('pending');
          }
          // Pending only by a submission that passed its check.
          if (state.status === 'pending') expect(e.type).toBe('submitted');
          // A reason exactly when the seller has something to correct.
          const needsReason = state.status === 'rejected' || state.status === 'resubmission_requested';
          expect(state.reason !== null).toBe(needsReason);
          // Every change tells the seller, in the dashboard and by e-mail.
          expect(result.effects.notification.title.length).toBeGreaterThan(0);
          expect(result.effects.email.subject.length).toBeGreaterThan(0);
          if (state.reason) {
            expect(result.effects.notification.message).toBe(state.reason);
            expect(result.effects.email.text).toContain(state.reason);
          }
          expect(state.status).not.toBe('not_started');
        }
        // Nothing ever leads back to not started.
        expect(seen).not.toContain('not_started');
      }),
      { numRuns: 500 },
    );
  });
});
