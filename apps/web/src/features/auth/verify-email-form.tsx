import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_MINUTES } from '@kasuwa/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { destinationAfterLogin } from '@/features/auth/destination';
import { authMessages, failureMessage } from '@/features/auth/messages';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useScreenToasts } from '@/lib/use-screen-toasts';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

/** Keeps the digits of what was typed or pasted ("123 456", "Code: 123456"), at most six. */
export const otpDigits = (text: string) => text.replace(/\D/g, '').slice(0, OTP_LENGTH);

/** The wait the server asks for in a 429 ("Please wait 42 seconds ..."), if it names one. */
function secondsToWait(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const seconds = error.message.match(/(\d+)\s*second/);
  return seconds ? Number(seconds[1]) : null;
}

const ALREADY_TRIED = 'You tried this code already. Type the code from your latest e-mail.';

const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * A countdown to when a new code may be asked for. It counts from a deadline rather than ticking
 * down a number, so a phone that throttles timers in the background still shows the right time.
 */
function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (remaining === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [remaining]);

  const restart = (seconds: number) => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  };
  return { remaining, restart };
}

export interface VerifyEmailFormProps {
  email: string;
}

export function VerifyEmailForm({ email }: VerifyEmailFormProps) {
  const { verifyOtp, resendOtp } = useAuthContext();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendNote, setResendNote] = useState<{ text: string; failed: boolean } | null>(null);
  // A code was mailed just before this screen opened (sign-up or log-in), so the wait starts now.
  const countdown = useCountdown(OTP_RESEND_COOLDOWN_SECONDS);
  const inputRef = useRef<HTMLInputElement>(null);
  /** The last code the server refused; it is never sent again in a row. */
  const rejected = useRef<string | null>(null);

  // The last failure's toast goes once the code changes, is accepted, or the screen is left.
  const toasts = useScreenToasts();
  const dismissFailure = () => toasts.dismiss('verify');

  const verify = async (value: string) => {
    if (busy) return;
    if (value.length !== OTP_LENGTH) {
      setError(`Enter the ${OTP_LENGTH}-digit code`);
      inputRef.current?.focus();
      return;
    }
    // The server judged this very code already: sending it again would only cost another try.
    if (value === rejected.current) {
      setError(ALREADY_TRIED);
      inputRef.current?.select();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await verifyOtp(email, value);
      // The answer replaces every earlier notice of this screen ("We sent a code", a failure).
      toast.dismiss();
      toast.success(authMessages.otpVerified, answer.message || authMessages.otpVerifiedText);
      await navigate(destinationAfterLogin(answer.user), { replace: true });
    } catch (failure) {
      // A refusal by the server counts a try; a dropped connection or a server fault did not judge it.
      if (isApiError(failure) && failure.status >= 400 && failure.status < 500 && failure.status !== 429) {
        rejected.current = value;
      }
      const message = failureMessage(failure);
      setError(message);
      toast.dismiss();
      toasts.error('verify', authMessages.otpFailed, message);
      inputRef.current?.select();
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(code);
  };

  const onChange = (typed: string) => {
    const digits = otpDigits(typed);
    if (digits !== code) dismissFailure();
    setCode(digits);
    setError(undefined);
    // A pasted or autofilled code is sent at once (verify never sends a refused code again).
    if (digits.length === OTP_LENGTH && digits !== rejected.current && typed.length > code.length + 1) {
      void verify(digits);
    }
  };

  const resend = async () => {
    setResending(true);
    setResendNote(null);
    try {
      const answer = await resendOtp(email);
      setResendNote({ text: answer.message, failed: false });
      countdown.restart(OTP_RESEND_COOLDOWN_SECONDS);
      setCode('');
      dismissFailure();
      rejected.current = null;
      inputRef.current?.focus();
    } catch (failure) {
      setResendNote({ text: failureMessage(failure), failed: true });
      const wait = secondsToWait(failure);
      if (wait !== null) countdown.restart(wait);
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
      <Input
        ref={inputRef}
        label="Verification code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        autoFocus
        value={code}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={`The code works for ${OTP_TTL_MINUTES} minutes. Not in your inbox? Check spam.`}
        className="[&_input]:text-center [&_input]:font-semibold [&_input]:text-2xl [&_input]:tracking-[0.5em] [&_input]:tabular-nums"
      />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        Verify
      </Button>
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-ink-muted text-sm">Did not get the code?</p>
        <Button
          variant="secondary"
          fullWidth
          onClick={() => void resend()}
          disabled={countdown.remaining > 0}
          loading={resending}
        >
          {countdown.remaining > 0 ? `Resend code in ${formatCountdown(countdown.remaining)}` : 'Resend code'}
        </Button>
        {resendNote && (
          <p
            role={resendNote.failed ? 'alert' : 'status'}
            className={resendNote.failed ? 'font-medium text-danger-700 text-sm' : 'text-brand-800 text-sm'}
          >
            {resendNote.text}
          </p>
        )}
      </div>
    </form>
  );
}
