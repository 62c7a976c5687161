import { SUPPORT_EMAIL } from '@kasuwa/contracts';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAuthContext } from '@/features/auth/auth-context';
import { destinationAfterLogin } from '@/features/auth/destination';
import {
  authMessages,
  emailProblem,
  failureMessage,
  fieldIssues,
  normaliseEmail,
} from '@/features/auth/messages';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

interface LoginErrors {
  email?: string;
  password?: string;
}

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/**
 * The log-in form. /login is the one screen with a download budget (150 KB of compressed script),
 * so it uses plain controlled inputs and a few hand-written checks instead of react-hook-form and zod.
 */
export function LoginForm() {
  const { login, state, dismissResetSuccess } = useAuthContext();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: LoginErrors = {
      email: emailProblem(email),
      password: password === '' ? 'Password is required' : undefined,
    };
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }

    setBusy(true);
    try {
      const outcome = await login({ email: normaliseEmail(email), password });
      if (outcome.kind === 'loggedIn') {
        // Anything beyond the plain success (a pending account closure) is worth reading.
        toast.success(
          authMessages.loginSuccess,
          outcome.message === 'Login successful' ? undefined : outcome.message,
        );
        await navigate(destinationAfterLogin(outcome.user), { replace: true });
      } else if (outcome.kind === 'verifyEmail') {
        toast.info(authMessages.verifyEmailFirst, outcome.message);
        await navigate(paths.verifyEmail);
      } else {
        toast.error(authMessages.accountDisabled, outcome.message);
      }
    } catch (error) {
      const message = failureMessage(error);
      const issues = fieldIssues(error);
      setErrors({ email: issues.email, password: issues.password });
      setFailure(message);
      toast.error(authMessages.loginFailed, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5" aria-busy={busy || undefined}>
      {state.resetSuccess && (
        <div className="flex items-start gap-3 rounded-control border border-brand-200 bg-brand-50 p-3 text-brand-800 text-sm">
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="flex-1">Your password has been changed. Log in with your new password.</p>
          <button
            type="button"
            onClick={dismissResetSuccess}
            aria-label="Dismiss"
            className="-m-2 flex size-10 shrink-0 items-center justify-center rounded-control hover:bg-brand-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
      {state.accountDisabled && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-control border border-danger-600/30 bg-danger-50 p-3 text-danger-700 text-sm"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">{authMessages.accountDisabled}.</span>{' '}
            {authMessages.accountDisabledText}{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold underline underline-offset-2">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
      )}
      <Input
        ref={emailRef}
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
        error={errors.email}
      />
      <div className="flex flex-col gap-2">
        <Input
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <Link
          to={paths.forgotPassword}
          className={`${linkClass} -my-2 inline-flex min-h-11 items-center self-end text-sm`}
        >
          Forgot password?
        </Link>
      </div>
      {failure && (
        <p role="alert" className="rounded-control bg-danger-50 p-3 font-medium text-danger-700 text-sm">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        Log in
      </Button>
    </form>
  );
}
