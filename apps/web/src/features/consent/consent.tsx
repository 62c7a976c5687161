import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { type Analytics, type AnalyticsIdentity, analytics as appAnalytics } from '@/lib/analytics';
import { localKeys, readStored, writeStored } from '@/lib/storage';
import { Button } from '@/ui/button';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

export function readConsent(): boolean | null {
  return readStored(localKeys.analyticsConsent, isBoolean);
}

/** SPEC section 2: Accept starts analytics with the seller's identity; Decline without page views or autocapture. */
export function startAnalyticsFor(
  consent: boolean,
  identity: AnalyticsIdentity | null,
  analytics: Analytics,
) {
  analytics.start(
    consent
      ? { identity, capturePageviews: true, autocapture: true }
      : { identity: null, capturePageviews: false, autocapture: false },
  );
}

/**
 * Starts analytics once consent is known and the seller is, sends page views on navigation, and shows
 * the consent banner until the seller answers. The answer is kept on the device (true or false).
 */
export function ConsentAndAnalytics({
  identity,
  analytics = appAnalytics(),
}: {
  identity: AnalyticsIdentity | null;
  analytics?: Analytics;
}) {
  const [consent, setConsent] = useState<boolean | null>(readConsent);
  const location = useLocation();
  const identityKey = identity?.id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the consent or the seller changes.
  useEffect(() => {
    if (consent === null || (consent && identityKey === null)) return;
    startAnalyticsFor(consent, identity, analytics);
  }, [consent, identityKey, analytics]);

  useEffect(() => {
    if (consent !== null) analytics.pageview(`${location.pathname}${location.search}`);
  }, [consent, location.pathname, location.search, analytics]);

  if (consent !== null) return null;

  const answer = (value: boolean) => {
    writeStored(localKeys.analyticsConsent, value);
    setConsent(value);
  };

  return <ConsentBanner onAnswer={answer} />;
}

/**
 * A slim bar along the bottom of a phone (a card on wider screens), and an empty block of its height
 * at the end of the page: the page scrolls past it, so the bar never covers a form's last field or its
 * Save button on a first visit.
 */
function ConsentBanner({ onAnswer }: { onAnswer: (consent: boolean) => void }) {
  const bar = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div aria-hidden style={{ height: height + 16 }} />
      <section
        ref={bar}
        aria-label="Cookie consent"
        className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-line border-t bg-surface px-3 py-2 shadow-card sm:inset-x-4 sm:bottom-4 sm:mx-auto sm:max-w-2xl sm:flex-col sm:items-stretch sm:rounded-card sm:border sm:p-4"
      >
        <p className="min-w-0 flex-1 text-ink text-xs leading-snug sm:text-sm">
          <span className="sm:hidden">We use cookies to improve the dashboard.</span>
          <span className="hidden sm:inline">
            We use cookies and similar tools to understand how sellers use the dashboard and to improve it.
            You can accept or decline analytics; the dashboard works the same either way.
          </span>
        </p>
        <div className="flex shrink-0 justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => onAnswer(false)}>
            Decline
          </Button>
          <Button size="sm" onClick={() => onAnswer(true)}>
            Accept
          </Button>
        </div>
      </section>
    </>
  );
}
