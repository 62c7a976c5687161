import { localKeys, readStored, writeStored } from '@/lib/storage';

/**
 * Product analytics behind one small interface. With VITE_POSTHOG_KEY set, events go to PostHog's
 * public HTTP capture API (posthog-js is not used: it would add ~50 KB to the dashboard); without a
 * key nothing leaves the browser and the events are kept in memory, where tests read them
 * (`window.__kasuwaAnalytics`).
 */

export interface AnalyticsIdentity {
  id: string;
  email: string;
  name: string;
  storeName: string;
}

export interface AnalyticsOptions {
  /** Accepted consent: who the seller is. Declined: null, and an anonymous visitor id is used. */
  identity: AnalyticsIdentity | null;
  capturePageviews: boolean;
  autocapture: boolean;
}

export interface RecordedEvent {
  event: string;
  distinctId: string;
  properties: Record<string, unknown>;
}

export interface AnalyticsRecord {
  started: AnalyticsOptions | null;
  events: RecordedEvent[];
}

/** SPEC section 9: analytics calls are sent half a second after the action. */
export const ANALYTICS_CALL_DELAY_MS = 500;

type Sender = (event: RecordedEvent) => Promise<void>;

declare global {
  interface Window {
    __kasuwaAnalytics?: AnalyticsRecord;
  }
}

function posthogSender(key: string, host: string): Sender {
  return async ({ event, distinctId, properties }) => {
    try {
      await fetch(`${host.replace(/\/$/, '')}/capture/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        keepalive: true,
        body: JSON.stringify({
          api_key: key,
          event,
          distinct_id: distinctId,
          properties,
          timestamp: new Date().toISOString(),
        }),
      });
    } catch {
      // Analytics must never disturb the seller; a lost event is acceptable.
    }
  };
}

function visitorId(): string {
  const stored = readStored(localKeys.visitorId, (v): v is string => typeof v === 'string');
  if (stored) return stored;
  const id = crypto.randomUUID();
  writeStored(localKeys.visitorId, id);
  return id;
}

export interface Analytics {
  start(options: AnalyticsOptions): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  pageview(path: string): void;
  readonly options: AnalyticsOptions | null;
}

export function createAnalytics(config: {
  key?: string | undefined;
  host?: string | undefined;
  delayMs?: number;
  win?: Window;
}): Analytics {
  const win = config.win ?? window;
  const record: AnalyticsRecord = { started: null, events: [] };
  const remote = config.key ? posthogSender(config.key, config.host ?? 'https://eu.i.posthog.com') : null;
  if (!remote) win.__kasuwaAnalytics = record;
  const delay = config.delayMs ?? ANALYTICS_CALL_DELAY_MS;
  let options: AnalyticsOptions | null = null;
  let removeAutocapture: (() => void) | null = null;

  const send = (event: string, properties: Record<string, unknown> = {}) => {
    if (!options) return;
    const recorded: RecordedEvent = {
      event,
      distinctId: options.identity?.id ?? visitorId(),
      properties: { ...properties, $current_url: win.location.href },
    };
    if (!remote) {
      record.events.push(recorded);
      return;
    }
    setTimeout(() => void remote(recorded), delay);
  };

  const onClick = (e: MouseEvent) => {
    const target = (e.target as Element | null)?.closest?.('a, button');
    if (!target) return;
    send('$autocapture', {
      $event_type: 'click',
      tag: target.tagName.toLowerCase(),
      text: (target.textContent ?? '').trim().slice(0, 100),
    });
  };

  return {
    get options() {
      return options;
    },
    start(next) {
      options = next;
      record.started = next;
      removeAutocapture?.();
      removeAutocapture = null;
      if (next.autocapture) {
        win.document.addEventListener('click', onClick, true);
        removeAutocapture = () => win.document.removeEventListener('click', onClick, true);
      }
      if (next.identity) {
        send('$identify', {
          $set: { email: next.identity.email, name: next.identity.name, storeName: next.identity.storeName },
        });
      }
    },
    capture: (event, properties) => send(event, properties),
    pageview(path) {
      if (options?.capturePageviews) send('$pageview', { path });
    },
  };
}

let shared: Analytics | null = null;

/** The app's analytics, configured from the build's VITE_POSTHOG_KEY and VITE_POSTHOG_HOST. */
export function analytics(): Analytics {
  shared ??= createAnalytics({
    key: import.meta.env.VITE_POSTHOG_KEY,
    host: import.meta.env.VITE_POSTHOG_HOST,
  });
  return shared;
}
