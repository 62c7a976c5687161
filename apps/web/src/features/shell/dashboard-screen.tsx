import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { BrandMark } from '@/ui/brand-mark';

export interface DashboardScreenProps {
  title: string;
  /** One sentence on what the screen is for, shown under the header. */
  description: string;
  children?: ReactNode;
}

/**
 * The small frame every dashboard screen shares: a header bar with the brand and the screen's title,
 * then the screen. The full sidebar shell replaces it later.
 */
export function DashboardScreen({ title, description, children }: DashboardScreenProps) {
  const titleId = useId();
  useDocumentTitle(title);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 border-line border-b bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-3 px-4">
          <Link to={paths.dashboard.home} className="shrink-0 rounded-control">
            <BrandMark wordmark="from-sm" />
          </Link>
          <span className="h-6 w-px shrink-0 bg-line" aria-hidden />
          <h1 id={titleId} className="truncate font-semibold text-ink text-lg">
            {title}
          </h1>
        </div>
      </header>
      <main aria-labelledby={titleId} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <section className="rounded-card bg-surface p-5 shadow-card">
          <p className="text-ink-muted">{description}</p>
        </section>
        {children}
      </main>
    </div>
  );
}
