import { lazy, type ReactNode, Suspense, useState } from 'react';
import { type BuyerSession, buyerApi, useBuyerSession } from '@/features/watch/buyer-session';
import type { ApiClient } from '@/lib/api-client';
import { Button } from '@/ui/button';

const BuyerAuthSheet = lazy(() => import('@/features/watch/buyer-auth-sheet'));

export interface BuyerGateProps {
  /** What the page is for, e.g. 'Log in to check out'. */
  title: string;
  reason: string;
  api?: ApiClient;
  /** The page, for a buyer who is logged in; `expired` forgets a session the server refused. */
  children: (session: BuyerSession, expired: () => void) => ReactNode;
}

/**
 * The buyer pages outside the watch pages (checkout, my orders) need a buyer log-in: without one,
 * the same log-in sheet as on a show, opened at once, and a button to reopen it.
 */
export function BuyerGate({ title, reason, api = buyerApi, children }: BuyerGateProps) {
  const { session, logIn, logOut } = useBuyerSession();
  const [open, setOpen] = useState(true);
  if (session) return children(session, logOut);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="font-semibold text-ink text-xl">{title}</h1>
      <p className="text-ink-muted">{reason}</p>
      <Button size="lg" onClick={() => setOpen(true)}>
        Log in or sign up
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BuyerAuthSheet
            open={open}
            onOpenChange={setOpen}
            api={api}
            reason={reason}
            loginTitle={title}
            onLoggedIn={(next) => {
              logIn(next);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
