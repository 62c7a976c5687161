import { OTP_LENGTH } from '@kasuwa/contracts';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAuthContext } from '@/features/auth/auth-context';
import { AuthScreen } from '@/features/auth/auth-screen';
import { VerifyEmailForm } from '@/features/auth/verify-email-form';

/** The e-mail code screen, for a seller whose code is pending (after sign-up, or a log-in before verifying). */
export function VerifyEmailScreen() {
  const { state } = useAuthContext();
  // Read once: verifying changes the state, and this screen must not bounce to /login on its way out.
  const [email] = useState(() => (state.otpStatus === 'pending' ? state.otpEmail : null));
  if (!email) return <Navigate to={paths.login} replace />;

  return (
    <AuthScreen
      title="Verify your email"
      lead={
        <>
          Enter the {OTP_LENGTH}-digit code we sent to{' '}
          <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong>
        </>
      }
      footer={
        <>
          Wrong email?{' '}
          <Link
            to={paths.signup}
            className="inline-block py-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Sign up again
          </Link>
        </>
      }
    >
      <VerifyEmailForm email={email} />
    </AuthScreen>
  );
}
