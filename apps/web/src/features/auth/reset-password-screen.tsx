import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_LENGTH, PASSWORD_POLICY_TEXT, resetPasswordBody } from '@kasuwa/contracts';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/app/paths';
import { useAuthContext } from '@/features/auth/auth-context';
import { AuthScreen } from '@/features/auth/auth-screen';
import { authMessages, emailProblem, failureMessage, fieldIssues } from '@/features/auth/messages';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

const resetSchema = resetPasswordBody.pick({ code: true, newPassword: true });
type ResetValues = z.input<typeof resetSchema>;
type ResetOutput = z.output<typeof resetSchema>;

/**
 * Step two of the password reset: the code from the e-mail and a new password. The address rides
 * in the URL, so the step survives a reload while the seller fetches the code from their mail app.
 */
export function ResetPasswordScreen() {
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  if (emailProblem(email)) return <Navigate to={paths.forgotPassword} replace />;
  return <ResetPasswordForm email={email} />;
}

function ResetPasswordForm({ email }: { email: string }) {
  const { resetPassword, cancelPasswordReset } = useAuthContext();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues, unknown, ResetOutput>({
    resolver: zodResolver(resetSchema),
    mode: 'onTouched',
    defaultValues: { code: '', newPassword: '' },
  });

  const onValid = async (values: ResetOutput) => {
    try {
      const answer = await resetPassword({ email, ...values });
      toast.success(authMessages.resetSucceeded, answer.message);
      await navigate(paths.login, { replace: true });
    } catch (failure) {
      const message = failureMessage(failure);
      toast.error(authMessages.resetFailed, message);
      const issues = fieldIssues(failure);
      if (issues.newPassword) setError('newPassword', { type: 'server', message: issues.newPassword });
      // A wrong or expired code answers without issues; its message belongs under the code.
      if (issues.code || !issues.newPassword) {
        setError('code', { type: 'server', message: issues.code ?? message });
      }
    }
  };

  const chooseAnotherEmail = () => {
    cancelPasswordReset();
    void navigate(paths.forgotPassword, { replace: true, state: { email } });
  };

  return (
    <AuthScreen
      title="Reset your password"
      lead={
        <>
          Enter the {OTP_LENGTH}-digit code we sent to{' '}
          <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong> and choose a
          new password.
        </>
      }
      footer={
        <Link
          to={paths.login}
          className="inline-block py-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Back to log in
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="mt-6 flex flex-col gap-5">
        <Input
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          error={errors.code?.message}
          // Pasted from the e-mail as "123 456" or with words around it: only the digits count.
          {...register('code', {
            setValueAs: (typed: string) => typed.replace(/\D/g, '').slice(0, OTP_LENGTH),
          })}
        />
        <Input
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_POLICY_TEXT}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          Reset password
        </Button>
        <Button variant="ghost" fullWidth onClick={chooseAnotherEmail}>
          Use a different email
        </Button>
      </form>
    </AuthScreen>
  );
}
