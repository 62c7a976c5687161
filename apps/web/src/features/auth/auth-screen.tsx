import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import { BrandMark } from '@/ui/brand-mark';

export interface AuthScreenProps {
  title: string;
  lead: ReactNode;
  children?: ReactNode;
  /** The line under the card, e.g. the link between log in and sign up. */
  footer?: ReactNode;
}

/** The centred frame of the public log-in and sign-up screens. */
export function AuthScreen({ title, lead, children, footer }: AuthScreenProps) {
  useDocumentTitle(title);

  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <BrandMark className="mb-8" />
      <section className="w-full max-w-md rounded-card bg-surface p-6 shadow-card sm:p-8">
        <h1 className="font-bold text-2xl text-ink">{title}</h1>
        <p className="mt-2 text-ink-muted">{lead}</p>
        {children}
      </section>
      {footer && <div className="mt-6 text-center text-ink-muted text-sm">{footer}</div>}
    </main>
  );
}
