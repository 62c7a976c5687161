import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAuthContext } from '@/features/auth/auth-context';
import { AuthScreen } from '@/features/auth/auth-screen';
import { authMessages, emailProblem, failureMessage, normaliseEmail } from '@/features/auth/messages';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

const backToLogin = (
  <Link
    to={paths.login}
    className="inline-block py-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
  >
    Back to log in
  </Link>
);

/** The address handed back by the reset step's 'Use a different email'. */
function prefilledEmail(navigationState: unknown): string {
  if (typeof navigationState === 'object' && navigationState !== null && 'email' in navigationState) {
    return typeof navigationState.email === 'string' ? navigationState.email : '';
  }
  return '';
}

/** Step one of the password reset: the e-mail that receives the code. */
export function ForgotPasswordScreen() {
  const { requestPasswordReset } = useAuthContext();
  const navigate = useNavigate();
  const { state: navigationState } = useLocation();
  // Coming back through 'Use a different email' keeps what was typed, ready to correct.
  const [email, setEmail] = useState(() => prefilledEmail(navigationState));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = emailProblem(email);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const address = normaliseEmail(email);
      const answer = await requestPasswordReset(address);
      toast.success(authMessages.resetRequested, answer.message);
      await navigate(paths.resetPassword(address));
    } catch (failure) {
      const message = failureMessage(failure);
      setError(message);
      toast.error(authMessages.forgotFailed, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthScreen
      title="Forgot your password?"
      lead="Enter the email you log in with. We will send you a 6-digit code to set a new password."
      footer={backToLogin}
    >
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
        <Input
          ref={inputRef}
          label="Email"
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          Send reset code
        </Button>
      </form>
    </AuthScreen>
  );
}
