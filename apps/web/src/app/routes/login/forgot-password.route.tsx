import { ForgotPasswordScreen } from '@/features/auth/forgot-password-screen';

export function Component() {
  return <ForgotPasswordScreen />;
}
