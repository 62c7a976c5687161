import { useEffect, useState } from 'react';
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

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-2 bottom-2 z-30 mx-auto max-w-2xl rounded-card border border-line bg-surface p-4 shadow-card sm:inset-x-4 sm:bottom-4"
    >
      <p className="text-ink text-sm">
        We use cookies and similar tools to understand how sellers use the dashboard and to improve it. You
        can accept or decline analytics; the dashboard works the same either way.
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => answer(false)}>
          Decline
        </Button>
        <Button onClick={() => answer(true)}>Accept</Button>
      </div>
    </section>
  );
}
