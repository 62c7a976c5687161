import { PRODUCT_NAME } from '@kasuwa/contracts';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { AuthScreen } from '@/features/auth/auth-screen';
import { LoginForm } from '@/features/auth/login-form';

export function Component() {
  return (
    <AuthScreen
      title="Log in"
      lead="Welcome back. Log in to manage your store, your orders and your live shows."
      footer={
        <>
          New to {PRODUCT_NAME}?{' '}
          <Link
            to={paths.signup}
            className="inline-block py-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Create your seller account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthScreen>
  );
}
