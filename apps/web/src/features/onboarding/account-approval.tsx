import { PRODUCT_NAME, SUPPORT_EMAIL } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { useDocumentTitle } from '@/lib/document-title';
import { sellerQueries } from '@/lib/seller-queries';
import { BrandMark } from '@/ui/brand-mark';
import { Button, buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

/** SPEC section 2: the seller details are fetched on entry; approved, or still in review. */
export function AccountApproval({ sellerId, onLogout }: { sellerId: string | null; onLogout: () => void }) {
  const { api } = useOnboardingContext();
  const titleId = useId();
  // The seller's one profile query, refetched on every visit: approval is what the screen is for.
  const profile = useQuery({ ...sellerQueries.profile(api, sellerId), staleTime: 0 });
  const approved = profile.data?.isVerified === true;
  const title = profile.isPending
    ? 'Account Approval'
    : approved
      ? 'Account Approved'
      : 'Application In Review';
  useDocumentTitle(title);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-line border-b bg-surface">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center px-4">
          <BrandMark />
        </div>
      </header>
      <main
        aria-labelledby={titleId}
        className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-10 text-center"
      >
        {profile.isPending ? (
          <>
            <h1 id={titleId} className="sr-only">
              {title}
            </h1>
            <Spinner size="lg" label="Loading your application" className="text-brand-600" />
          </>
        ) : approved ? (
          <>
            <CircleCheck className="size-16 text-brand-600" aria-hidden />
            <h1 id={titleId} className="mt-4 font-bold text-2xl text-ink">
              Account Approved
            </h1>
            <p className="mt-2 text-ink-muted">
              Congratulations! Your seller account has been approved and you can now sell on {PRODUCT_NAME}.
            </p>
            <Link to={paths.dashboard.home} className={`${buttonClasses({ size: 'lg' })} mt-6`}>
              Access Dashboard
            </Link>
          </>
        ) : (
          <>
            <Clock className="size-16 text-brand-600" aria-hidden />
            <h1 id={titleId} className="mt-4 font-bold text-2xl text-ink">
              Application In Review
            </h1>
            <p className="mt-2 text-ink-muted">
              Thank you for applying. Your application is being reviewed by our support team and will be
              approved shortly. We will e-mail you as soon as it is.
            </p>
            <div className="mt-6 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
              <Button variant="secondary" onClick={onLogout}>
                Logout
              </Button>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses({})}>
                Contact Support
              </a>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
