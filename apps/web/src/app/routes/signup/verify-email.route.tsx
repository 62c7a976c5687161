import { VerifyEmailScreen } from '@/features/auth/verify-email-screen';

export function Component() {
  return <VerifyEmailScreen />;
}
