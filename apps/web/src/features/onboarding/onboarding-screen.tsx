import { useId } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import { BrandMark } from '@/ui/brand-mark';

export interface OnboardingScreenProps {
  title: string;
  /** One sentence on what this onboarding step collects. */
  description: string;
}

/** The frame shared by the onboarding steps: the brand on top, the step in a centred card. */
export function OnboardingScreen({ title, description }: OnboardingScreenProps) {
  const titleId = useId();
  useDocumentTitle(title);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-line border-b bg-surface">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center px-4">
          <BrandMark />
        </div>
      </header>
      <main aria-labelledby={titleId} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <section className="rounded-card bg-surface p-6 shadow-card sm:p-8">
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide">Seller onboarding</p>
          <h1 id={titleId} className="mt-2 font-bold text-2xl text-ink">
            {title}
          </h1>
          <p className="mt-2 text-ink-muted">{description}</p>
        </section>
      </main>
    </div>
  );
}
