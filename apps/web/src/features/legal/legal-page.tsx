import { clsx } from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { LEGAL_UPDATED, type LegalDocumentKey, legalDocuments } from '@/features/legal/legal-documents';
import { useDocumentTitle } from '@/lib/document-title';
import { BrandMark } from '@/ui/brand-mark';

const NAV: Array<{ key: LegalDocumentKey; label: string; to: string }> = [
  { key: 'terms', label: 'Terms of Service', to: paths.legal.terms },
  { key: 'privacy', label: 'Privacy Policy', to: paths.legal.privacy },
  { key: 'sellerAgreement', label: 'Seller Agreement', to: paths.legal.sellerAgreement },
];

/**
 * A public, readable page for one of the documents the onboarding agreements name. It opens in a
 * new tab from the Create Profile step, so the seller's half-filled form stays where it was.
 */
export function LegalPage({ document: key }: { document: LegalDocumentKey }) {
  const doc = legalDocuments[key];
  const titleId = useId();
  useDocumentTitle(doc.title);

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="border-line border-b bg-surface">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center px-4">
          <BrandMark />
        </div>
      </header>
      <nav aria-label="Legal documents" className="mx-auto w-full max-w-3xl px-4 pt-4">
        <ul className="flex flex-wrap gap-2">
          {NAV.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                aria-current={item.key === key ? 'page' : undefined}
                className={clsx(
                  'inline-flex min-h-10 items-center rounded-full px-3 font-semibold text-sm',
                  item.key === key ? 'bg-brand-600 text-white' : 'bg-surface text-brand-800 shadow-card',
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main aria-labelledby={titleId} className="mx-auto w-full max-w-3xl px-4 py-6">
        <article className="rounded-card bg-surface p-5 text-ink leading-relaxed shadow-card sm:p-8">
          <h1 id={titleId} className="font-bold text-2xl">
            {doc.title}
          </h1>
          <p className="mt-1 text-ink-muted text-sm">Last updated {LEGAL_UPDATED}</p>
          <p className="mt-4">{doc.summary}</p>
          {doc.sections.map((section) => (
            <section key={section.heading} className="mt-6">
              <h2 className="font-semibold text-lg">{section.heading}</h2>
              {section.points && (
                <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5">
                  {section.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              )}
              {section.paragraphs?.map((text) => (
                <p key={text} className="mt-2">
                  {text}
                </p>
              ))}
            </section>
          ))}
        </article>
      </main>
    </div>
  );
}
