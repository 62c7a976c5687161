import { PRODUCT_NAME } from '@kasuwa/contracts';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { AuthScreen } from '@/features/auth/auth-screen';
import { SignupForm } from '@/features/auth/signup-form';

export function Component() {
  return (
    <AuthScreen
      title="Create your seller account"
      lead={`Sell to buyers across Nigeria on ${PRODUCT_NAME} with live shows, live auctions and product videos.`}
      footer={
        <>
          Already have a seller account?{' '}
          <Link
            to={paths.login}
            className="inline-block py-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </>
      }
    >
      <SignupForm />
    </AuthScreen>
  );
}
