import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from '@/lib/analytics';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.__kasuwaAnalytics = undefined;
});

const identity = { id: 's-1', email: 'a@example.ng', name: 'Amaka Okafor', storeName: 'Closet' };

describe('the analytics adapter', () => {
  it('keeps events in the browser when no key is configured, and sends nothing', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const analytics = createAnalytics({});
    analytics.start({ identity, capturePageviews: true, autocapture: true });
    analytics.pageview('/dashboard/home');
    expect(window.__kasuwaAnalytics?.started).toEqual({
      identity,
      capturePageviews: true,
      autocapture: true,
    });
    expect(window.__kasuwaAnalytics?.events.map((e) => [e.event, e.distinctId])).toEqual([
      ['$identify', 's-1'],
      ['$pageview', 's-1'],
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends no page views or clicks when started without them, and no identity', () => {
    const analytics = createAnalytics({});
    analytics.start({ identity: null, capturePageviews: false, autocapture: false });
    analytics.pageview('/dashboard/home');
    document.body.innerHTML = '<button>Go</button>';
    document.querySelector('button')?.click();
    expect(window.__kasuwaAnalytics?.events).toEqual([]);
  });

  it('records clicks on buttons when autocapture is on', () => {
    const analytics = createAnalytics({});
    analytics.start({ identity, capturePageviews: false, autocapture: true });
    document.body.innerHTML = '<button>Add product</button>';
    document.querySelector('button')?.click();
    expect(window.__kasuwaAnalytics?.events.at(-1)).toMatchObject({
      event: '$autocapture',
      properties: { text: 'Add product', tag: 'button' },
    });
  });

  it('posts to PostHog’s capture API half a second later when a key is configured', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.fn().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchSpy);
    const analytics = createAnalytics({ key: 'phc_test', host: 'https://ph.example' });
    analytics.start({ identity, capturePageviews: true, autocapture: false });
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://ph.example/capture/');
    expect(JSON.parse(String(init.body))).toMatchObject({
      api_key: 'phc_test',
      event: '$identify',
      distinct_id: 's-1',
    });
    expect(window.__kasuwaAnalytics).toBeUndefined();
  });
});
