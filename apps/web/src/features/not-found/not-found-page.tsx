import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { notFoundResetKeys, removeStored } from '@/lib/storage';
import { Button } from '@/ui/button';

export function NotFoundPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');

  const backToHome = () => {
    if (pathname.startsWith(paths.dashboard.root)) {
      navigate(paths.dashboard.home, { replace: true });
      return;
    }
    // Off the dashboard a stale or half-finished session is the likely cause, so start clean.
    removeStored(notFoundResetKeys);
    navigate(paths.login, { replace: true });
  };

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-12 text-center">
      <p
        className="font-extrabold text-8xl text-brand-600 leading-none tracking-tight sm:text-9xl"
        aria-hidden
      >
        404
      </p>
      <h1 className="mt-6 font-bold text-2xl text-ink sm:text-3xl">Oops! Page Not Found</h1>
      <p className="mt-3 max-w-sm text-ink-muted">
        The page you're looking for seems to have wandered off. Let's get you back on track!
      </p>
      <Button size="lg" className="mt-8 w-full max-w-xs" onClick={backToHome}>
        Back to Home
      </Button>
    </main>
  );
}
