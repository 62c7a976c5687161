import type { StepUp } from '@kasuwa/contracts';
import { useId, useState } from 'react';
import { useSendStepUpCode } from '@/features/earnings/earnings-mutations';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

/*
 * The step-up every money move asks for: the seller's password, or a 6-digit code e-mailed to
 * them (POST /auth/step-up/code) for a seller who signed in long ago and does not remember it.
 */

export interface StepUpState {
  method: StepUp['method'];
  password: string;
  code: string;
}

export const EMPTY_STEP_UP: StepUpState = { method: 'password', password: '', code: '' };

/** The body's `stepUp` for what the seller typed (the contract's schema judges it). */
export function stepUpOf(state: StepUpState): StepUp {
  return state.method === 'password'
    ? { method: 'password', password: state.password }
    : { method: 'code', code: state.code.trim() };
}

export function StepUpFields({
  api,
  value,
  onChange,
  error,
  disabled,
}: {
  api: ApiClient;
  value: StepUpState;
  onChange: (next: StepUpState) => void;
  /** The password's or the code's error, whichever is shown. */
  error?: string | undefined;
  disabled?: boolean;
}) {
  const send = useSendStepUpCode(api);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingId = useId();

  const askForCode = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setSentTo(answer.message);
        onChange({ ...value, method: 'code', code: '' });
      },
    });
  const sendFailed = send.isError
    ? isApiError(send.error)
      ? send.error.message
      : 'We could not send the code. Try again.'
    : null;

  return (
    <fieldset
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-control border border-line p-3"
    >
      <legend id={headingId} className="px-1 font-medium text-ink text-sm">
        Confirm it's you
      </legend>
      {value.method === 'password' ? (
        <Input
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={value.password}
          onChange={(e) => onChange({ ...value, password: e.target.value })}
          error={error}
          disabled={disabled}
        />
      ) : (
        <>
          {sentTo && (
            <p role="status" className="text-ink-muted text-sm">
              {sentTo}
            </p>
          )}
          <Input
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="\d{6}"
            value={value.code}
            onChange={(e) => onChange({ ...value, code: e.target.value.replace(/\D/g, '').slice(0, 6) })}
            error={error}
            disabled={disabled}
          />
        </>
      )}
      {sendFailed && (
        <p role="alert" className="text-danger-700 text-sm">
          {sendFailed}
        </p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {value.method === 'password' ? (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 text-brand-700"
            loading={send.isPending}
            disabled={disabled}
            onClick={askForCode}
          >
            E-mail me a code instead
          </Button>
        ) : (
          <>
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3 text-brand-700"
              loading={send.isPending}
              disabled={disabled}
              onClick={askForCode}
            >
              Send a new code
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-brand-700"
              disabled={disabled}
              onClick={() => onChange({ ...value, method: 'password' })}
            >
              Use my password instead
            </Button>
          </>
        )}
      </div>
    </fieldset>
  );
}
